import { useContext, useLayoutEffect } from 'react';
import { StyleScopeContext } from './dialog-root';
import { flowCss } from './flow-styles';
import { adoptStyles } from './styles';

/**
 * Adopts the flow components' stylesheet into the widget's style scope while the component is
 * shown (once per scope however many components ask); outside a widget it does nothing.
 */
export function useFlowStyles(): void {
  const scope = useContext(StyleScopeContext);
  useLayoutEffect(() => (scope ? adoptStyles(scope.root, scope.nonce, flowCss) : undefined), [scope]);
}
