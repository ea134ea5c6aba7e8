import { useState } from 'react';

/**
 * State owned by the parent when `value` is defined, by the component otherwise
 * (Radix's controllable state); `onChange` hears every real change either way.
 */
export function useControllable<T>(
  value: T | undefined,
  defaultValue: T,
  onChange?: (next: T) => void,
): [T, (next: T) => void] {
  const [internal, setInternal] = useState(defaultValue);
  const controlled = value !== undefined;
  const current = controlled ? value : internal;
  const set = (next: T) => {
    if (Object.is(next, current)) return;
    if (!controlled) setInternal(next);
    onChange?.(next);
  };
  return [current, set];
}
