import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScope } from '../scope';
import { createInactivityTimer } from './inactivity';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const setup = (limitS: number, ...activity: EventTarget[]) => {
  const scope = createScope();
  const onWarn = vi.fn();
  const onExpire = vi.fn();
  const timer = createInactivityTimer({ scope, limitS, activity, onWarn, onExpire });
  return { scope, timer, onWarn, onExpire };
};

describe('inactivity timer', () => {
  it('warns 30 s before the limit and expires at the limit', () => {
    const { timer, onWarn, onExpire } = setup(300);
    timer.start();
    vi.advanceTimersByTime(269_999);
    expect(onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarn).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(29_999);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExpire).toHaveBeenCalledOnce();
    expect(timer.running).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('restarts the count on typing, pointer and focus activity on the page, until the warning opens', () => {
    const page = new EventTarget();
    const { timer, onWarn, onExpire } = setup(60, page);
    timer.start();
    expect(timer.deadline).toBe(Date.now() + 60_000);
    for (const type of ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart', 'scroll', 'focusin']) {
      vi.advanceTimersByTime(29_000);
      page.dispatchEvent(new Event(type));
      expect(timer.deadline).toBe(Date.now() + 60_000);
    }
    expect(onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000);
    expect(onWarn).toHaveBeenCalledOnce();
    // The warning is open: only Continue (extend) counts, not even the focus the dialog moves.
    page.dispatchEvent(new Event('focusin'));
    page.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(30_000);
    expect(onExpire).toHaveBeenCalledOnce();
    expect(timer.deadline).toBeUndefined();
  });

  it('records activity at most once a second, and none while stopped', () => {
    const page = new EventTarget();
    const { timer, onWarn } = setup(60, page);
    page.dispatchEvent(new Event('keydown'));
    expect(timer.running).toBe(false);
    timer.start();
    const deadline = timer.deadline;
    vi.advanceTimersByTime(500);
    page.dispatchEvent(new Event('keydown'));
    expect(timer.deadline).toBe(deadline);
    vi.advanceTimersByTime(29_500);
    expect(onWarn).toHaveBeenCalledOnce();
  });

  it('hears the widget element too: a focus move inside a shadow root never reaches the window', () => {
    const host = document.body.appendChild(document.createElement('div'));
    const widget = host.attachShadow({ mode: 'open' }).appendChild(document.createElement('div'));
    const help = widget.appendChild(document.createElement('button'));
    const heardByWindow = vi.fn();
    window.addEventListener('focusin', heardByWindow, true);
    const { timer, scope } = setup(60, window, widget);
    timer.start();
    vi.advanceTimersByTime(25_000);
    // What Chromium dispatches past the shadow root when focus moves between two of its elements: nothing.
    help.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: false }));
    expect(heardByWindow).not.toHaveBeenCalled();
    expect(timer.deadline).toBe(Date.now() + 60_000);
    window.removeEventListener('focusin', heardByWindow, true);
    scope.dispose();
    host.remove();
  });

  it('without a page to listen on, only extend() restarts the count', () => {
    const { timer, onWarn, onExpire } = setup(60);
    timer.start();
    document.dispatchEvent(new KeyboardEvent('keydown'));
    vi.advanceTimersByTime(30_000);
    expect(onWarn).toHaveBeenCalledOnce();
    timer.extend();
    vi.advanceTimersByTime(59_000);
    expect(onExpire).not.toHaveBeenCalled();
    expect(onWarn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(onExpire).toHaveBeenCalledOnce();
  });

  it('warns at once when the limit is shorter than the warning', () => {
    const { timer, onWarn } = setup(20);
    timer.start();
    vi.advanceTimersByTime(0);
    expect(onWarn).toHaveBeenCalledOnce();
  });

  it('stops on stop() and on dispose, and cannot start once disposed', () => {
    const { timer, scope, onWarn, onExpire } = setup(60);
    timer.start();
    timer.stop();
    expect(vi.getTimerCount()).toBe(0);
    timer.start();
    scope.dispose();
    expect(vi.getTimerCount()).toBe(0);
    timer.start();
    vi.advanceTimersByTime(120_000);
    expect(onWarn).not.toHaveBeenCalled();
    expect(onExpire).not.toHaveBeenCalled();
    expect(timer.running).toBe(false);
  });
});
