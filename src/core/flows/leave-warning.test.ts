import { describe, expect, it } from 'vitest';
import { createScope } from '../scope';
import { createLeaveWarning } from './leave-warning';

const leave = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('createLeaveWarning', () => {
  it('asks before the page unloads only while enabled', () => {
    const scope = createScope();
    const warning = createLeaveWarning(scope);
    expect(leave()).toBe(false);
    warning.enable();
    warning.enable();
    expect(warning.enabled).toBe(true);
    expect(leave()).toBe(true);
    warning.disable();
    expect(warning.enabled).toBe(false);
    expect(leave()).toBe(false);
    scope.dispose();
  });

  it('stops asking when its scope is disposed, and cannot be enabled again', () => {
    const scope = createScope();
    const warning = createLeaveWarning(scope);
    warning.enable();
    scope.dispose();
    expect(leave()).toBe(false);
    warning.enable();
    expect(warning.enabled).toBe(false);
  });
});
