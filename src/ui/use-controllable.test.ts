import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useControllable } from './use-controllable';

afterEach(cleanup);

describe('useControllable', () => {
  it('keeps its own state when uncontrolled and reports changes', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useControllable<string>(undefined, 'a', onChange));
    act(() => result.current[1]('b'));
    expect(result.current[0]).toBe('b');
    expect(onChange).toHaveBeenCalledWith('b');
  });

  it('follows the parent when controlled', () => {
    const onChange = vi.fn();
    const { result, rerender } = renderHook(({ value }) => useControllable(value, 'x', onChange), {
      initialProps: { value: 'a' },
    });
    act(() => result.current[1]('b'));
    expect(result.current[0]).toBe('a');
    expect(onChange).toHaveBeenCalledWith('b');
    rerender({ value: 'b' });
    expect(result.current[0]).toBe('b');
  });

  it('does not report a value equal to the current one', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useControllable('a', 'a', onChange));
    act(() => result.current[1]('a'));
    expect(onChange).not.toHaveBeenCalled();
  });
});
