import { useContext, useLayoutEffect } from 'react';
import { StyleScopeContext } from './dialog-root';
import { flowCss } from './flow-styles';
import { adoptStyles, prepareStyles } from './styles';

// Parsed while the chunk of the flow pages is evaluated (a task of its own), not in the render
// of the first flow page, which is the longest task of a page opened directly on a slow phone.
if (typeof document !== 'undefined') prepareStyles(document, flowCss);

/**
 * Adopts the flow components' stylesheet into the widget's style scope while the component is
 * shown (once per scope however many components ask); outside a widget it does nothing.
 */
export function useFlowStyles(): void {
  const scope = useContext(StyleScopeContext);
  useLayoutEffect(() => (scope ? adoptStyles(scope.root, scope.nonce, flowCss) : undefined), [scope]);
}
