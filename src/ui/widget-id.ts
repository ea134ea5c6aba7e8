import { createContext, useContext, useId } from 'react';

/**
 * The id prefix of one mounted widget. Preact numbers `useId` per root, so two widgets render the
 * same ids; in light DOM (`isolation: 'none'`) they would share the page's id space, and a label of
 * one would name the field of the other. Empty outside a widget (a component rendered alone).
 */
export const WidgetIdContext = createContext('');

const COUNTER = Symbol.for('amwa.widget-count');

/**
 * A prefix no other widget on the page has: counted on a global symbol, so two copies of amwa on
 * one page (the standalone bundle beside an npm build) count together.
 */
export function nextWidgetIdPrefix(): string {
  const counter = globalThis as { [COUNTER]?: number };
  counter[COUNTER] = (counter[COUNTER] ?? 0) + 1;
  return `amwa${counter[COUNTER]}-`;
}

/**
 * `useId` unique across the widgets of a page: the widget's prefix before it. With a `name` (for
 * an element a screen has once), the id is the prefix and the name: the same in a server render
 * and in the browser that takes it over, where `useId` counts from another root.
 */
export function useWidgetId(name?: string): string {
  const generated = useId();
  return useContext(WidgetIdContext) + (name ?? generated);
}
