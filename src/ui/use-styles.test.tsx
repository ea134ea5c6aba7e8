import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StyleScopeContext } from './dialog-root';
import { flowCss } from './flow-styles';
import { Stepper } from './stepper';
import { adoptStyles, css } from './styles';

const texts = (root: ShadowRoot) => root.adoptedStyleSheets.map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join('\n'));

describe('useFlowStyles', () => {
  it('adopts the flow sheet beside the base sheet while a flow component is shown, once', () => {
    const host = document.createElement('div');
    const root = host.attachShadow({ mode: 'open' });
    const releaseBase = adoptStyles(root, undefined, css);
    const scope = { root };
    const first = render(<StyleScopeContext.Provider value={scope}><Stepper count={6} current={0} stepLabel={(n, c) => `Step ${n} of ${c}`} doneLabel={(text) => text} /></StyleScopeContext.Provider>);
    const second = render(<StyleScopeContext.Provider value={scope}><Stepper count={6} current={1} stepLabel={(n, c) => `Step ${n} of ${c}`} doneLabel={(text) => text} /></StyleScopeContext.Provider>);
    expect(root.adoptedStyleSheets).toHaveLength(2);
    expect(texts(root)[1]).toContain('.amwa-stepper');
    first.unmount();
    expect(root.adoptedStyleSheets).toHaveLength(2);
    second.unmount();
    expect(root.adoptedStyleSheets).toHaveLength(1);
    expect(texts(root)[0]).not.toContain('.amwa-stepper');
    releaseBase();
    expect(root.adoptedStyleSheets).toHaveLength(0);
  });

  it('does nothing outside a widget', () => {
    expect(() => render(<Stepper count={2} current={0} stepLabel={() => ''} doneLabel={(text) => text} />)).not.toThrow();
  });

  it('keeps the flow sheet out of the base sheet', () => {
    expect(css).not.toContain('.amwa-dialog');
    expect(flowCss).toContain('.amwa-dialog');
  });
});
