import { createContext, useContext, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** What a form or group asks of each control registered inside it. */
export interface FormControl {
  /** The control's element, to sort controls in document order. */
  element(): Element | null;
  focus(): void;
  /** Validity, without showing anything. */
  check(): boolean;
  /** Validity, showing the errors as a submit does. */
  validate(): boolean;
  /** Back to the initial value, not dirty, no errors shown. */
  reset(): void;
  /** Whether the control counts as selected in a group (checkboxes). */
  isChecked?(): boolean;
}

/** The controls inside a form or group, and the way they tell it their state moved. */
export interface Registry {
  register(control: RefObject<FormControl>): () => void;
  /** The registered controls, in document order. */
  controls(): FormControl[];
  changed(): void;
}

/** The registry controls join: the nearest form or group. */
export const RegistryContext = createContext<Registry | null>(null);

const documentOrder = (a: FormControl, b: FormControl) => {
  const [x, y] = [a.element(), b.element()];
  if (!x || !y || x === y) return 0;
  return x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
};

/** A registry for a form or group; `onChanged` runs when a control's state moves. */
export function useRegistry(onChanged?: () => void): Registry {
  const onChangedRef = useRef(onChanged);
  useLayoutEffect(() => {
    onChangedRef.current = onChanged;
  });
  const [registry] = useState<Registry>(() => {
    const refs = new Set<RefObject<FormControl>>();
    return {
      register(ref) {
        refs.add(ref);
        return () => void refs.delete(ref);
      },
      controls: () => [...refs].map((ref) => ref.current).sort(documentOrder),
      changed: () => onChangedRef.current?.(),
    };
  });
  return registry;
}

/**
 * Joins the nearest form or group with `control`, always the latest one. When
 * `state` changes after mount the registry hears of it (a group re-checks its count).
 */
export function useFormControl(control: FormControl, state: unknown): void {
  const registry = useContext(RegistryContext);
  const latest = useRef(control);
  useLayoutEffect(() => {
    latest.current = control;
  });
  useLayoutEffect(() => registry?.register(latest), [registry]);
  const mounted = useRef(false);
  useLayoutEffect(() => {
    if (mounted.current) registry?.changed();
    mounted.current = true;
  }, [registry, state]);
}
