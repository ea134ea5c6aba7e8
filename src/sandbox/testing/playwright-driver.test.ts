import { describe, expect, it } from 'vitest';
import { playwrightDriver, type PlaywrightPage } from './playwright-driver';

// Playwright's side faked: what reaches the page, in what order. An evaluation is a round trip.
function fakePage() {
  const steps: string[] = [];
  const page: PlaywrightPage = {
    getByRole: () => {
      throw new Error('not used');
    },
    url: () => 'http://127.0.0.1/',
    async exposeFunction(name) {
      steps.push(`expose ${name}`);
      return {
        async dispose() {
          steps.push('dispose the binding');
        },
      };
    },
    async evaluate(expression) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      steps.push(expression.includes('Off?.()') ? 'take the listener off' : 'add the listener');
      return undefined;
    },
  };
  return { page, steps };
}

describe('playwrightDriver', () => {
  it('takes the page listener off before it disposes the binding, so no event calls a binding already gone', async () => {
    const { page, steps } = fakePage();
    const log = await playwrightDriver(page).hear(['amwa-logout']);
    log.stop();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(steps).toEqual([expect.stringMatching(/^expose __amwaTestingHeard\d+$/), 'add the listener', 'take the listener off', 'dispose the binding']);
  });

  it('still disposes the binding when the page is gone', async () => {
    const { page, steps } = fakePage();
    const log = await playwrightDriver({ ...page, evaluate: async (expression) => (expression.includes('Off?.()') ? Promise.reject(new Error('Target closed')) : undefined) }).hear(['amwa-logout']);
    log.stop();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(steps.at(-1)).toBe('dispose the binding');
  });
});
