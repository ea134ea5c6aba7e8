import { describe, expect, it } from 'vitest';
import { cx } from './cx';

describe('cx', () => {
  it('joins truthy names and drops the rest', () => {
    expect(cx('amwa-a', false, undefined, null, '', 'amwa-b')).toBe('amwa-a amwa-b');
  });
  it('gives an empty string when nothing is truthy', () => {
    expect(cx(false, undefined)).toBe('');
  });
});
