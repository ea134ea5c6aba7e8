/** The global the bank's native app injects before any script runs; while it is there the web session stays inert. */
export const NATIVE_BRIDGE_GLOBAL = 'AmwaNativeBridge';

/** Globals the widget reads itself: no setting may name one, or one widget could change what every other believes. */
export const WIDGET_GLOBALS: ReadonlySet<string> = new Set([NATIVE_BRIDGE_GLOBAL]);
