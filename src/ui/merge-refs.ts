import { useCallback, type MutableRefObject, type Ref, type RefCallback } from 'react';

/** One ref callback that sets every ref given (a forwarded ref and the component's own), so a component need not load floating-ui for it. */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>): RefCallback<T> {
  // The refs themselves are the dependencies: a new ref gets the element too.
  return useCallback((value: T | null) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(value);
      else if (ref) (ref as MutableRefObject<T | null>).current = value;
    }
  }, refs);
}
