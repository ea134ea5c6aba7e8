import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type AmwaServices, ServicesProvider } from '../../context';
import { createColourCode, type ColourCodeImage } from '../../core/flows/colour-code';
import type { ScannerLogon, ScannerLogonState } from '../../core/flows/scanner-logon';
import { createStore } from '../../core/flows/store';
import { createScope, type Scope } from '../../core/scope';
import { COLOUR_CODE_WAIT_MS, useScannerLogonState } from './use-scanner-logon';

const IMAGE: ColourCodeImage = { base64Cronto: 'iVBORw0KGgo=', expirationDuration: 120, responseCheckDigit: true, responseLength: 7, encryptedState: 'state' };

let scopes: Scope[] = [];
afterEach(() => {
  for (const scope of scopes) scope.dispose();
  scopes = [];
});

/** The parts of a scanner logon the hook reads: its state store and a real colour code whose load the test answers. */
function flowParts() {
  const scope = createScope();
  scopes.push(scope);
  const store = createStore<ScannerLogonState>({ status: 'userId', userId: '' });
  let answer: (image: ColourCodeImage) => void = () => {};
  const colourCode = createColourCode({ scope, marginS: 10, onError: () => {}, load: () => new Promise((resolve) => (answer = resolve)) });
  const logon = { get state() { return store.get(); }, subscribe: store.subscribe, colourCode } as unknown as ScannerLogon;
  const set = (status: ScannerLogonState['status']) => store.set({ ...store.get(), status });
  const seen: string[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => <ServicesProvider value={{ scope } as unknown as AmwaServices}>{children}</ServicesProvider>;
  renderHook(
    () => {
      const { state, colour } = useScannerLogonState(logon);
      seen.push(`${state.status}/${colour.status}`);
    },
    { wrapper },
  );
  return { set, colourCode, answer: (image: ColourCodeImage) => answer(image), seen };
}

/** A flow shown `starting` that then moves to the code step and asks for its colour code, in one task. */
async function startedThenCodeStep() {
  const flow = flowParts();
  flow.set('starting');
  await waitFor(() => expect(flow.seen.at(-1)).toBe('starting/idle'));
  flow.colourCode.show();
  flow.set('code');
  return flow;
}

describe('useScannerLogonState', () => {
  it('renders changes of the flow and its colour code made in one task once', async () => {
    const flow = flowParts();
    flow.set('starting');
    await waitFor(() => expect(flow.seen.at(-1)).toBe('starting/idle'));
    flow.set('userId');
    flow.colourCode.show();
    await waitFor(() => expect(flow.seen.at(-1)).toBe('userId/loading'));
    expect(flow.seen).toEqual(['userId/idle', 'starting/idle', 'userId/loading']);
  });

  it('shows the code step with its colour code when the code comes within the wait: no render with the spinner', async () => {
    const flow = await startedThenCodeStep();
    await new Promise((resolve) => setTimeout(resolve, COLOUR_CODE_WAIT_MS / 4));
    expect(flow.seen.at(-1)).toBe('starting/idle');
    flow.answer(IMAGE);
    await waitFor(() => expect(flow.seen.at(-1)).toBe('code/shown'));
    expect(flow.seen).not.toContain('code/loading');
  });

  it('shows the code step with the spinner once the wait is over, and its colour code when it comes', async () => {
    const flow = await startedThenCodeStep();
    await waitFor(() => expect(flow.seen.at(-1)).toBe('code/loading'));
    flow.answer(IMAGE);
    await waitFor(() => expect(flow.seen.at(-1)).toBe('code/shown'));
  });

  it('shows a refresh on the code step at once', async () => {
    const flow = flowParts();
    flow.set('code');
    flow.colourCode.show();
    await waitFor(() => expect(flow.seen.at(-1)).toBe('code/loading'));
    flow.answer(IMAGE);
    await waitFor(() => expect(flow.seen.at(-1)).toBe('code/shown'));
    flow.colourCode.refresh();
    await waitFor(() => expect(flow.seen.at(-1)).toBe('code/loading'));
  });
});
