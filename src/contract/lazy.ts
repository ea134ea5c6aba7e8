// Schemas built on their first use rather than when their module is evaluated: building zod
// schemas is most of the CPU time a page chunk's evaluation takes on a slow phone (issue 22), and
// a flow uses only a few of the contract's schemas.

/** A value built by its first call and the same value ever after. */
export type Lazy<T> = () => T;

/** Builds `build()` on the first call and keeps it; pure until called, so an unused one is dropped from bundles. */
/* @__NO_SIDE_EFFECTS__ */
export function lazy<T>(build: () => T): Lazy<T> {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
