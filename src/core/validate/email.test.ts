import { describe, expect, it } from 'vitest';
import { anonymizeEmail } from './email';

describe('anonymizeEmail', () => {
  it('keeps 3 characters of the local part and stars the rest, one per character', () => {
    expect(anonymizeEmail('anna.devries@example.com')).toBe('ann*********@example.com');
    expect(anonymizeEmail('boris.novak@example.com')).toBe('bor********@example.com');
  });

  it('shows at least 3 stars so a short local part does not reveal its length', () => {
    expect(anonymizeEmail('abcd@example.com')).toBe('abc***@example.com');
    expect(anonymizeEmail('abc@example.com')).toBe('abc***@example.com');
    expect(anonymizeEmail('ab@example.com')).toBe('ab***@example.com');
    expect(anonymizeEmail('a@example.com')).toBe('a***@example.com');
  });

  it('splits at the last @ and keeps the domain intact', () => {
    expect(anonymizeEmail('"a@b"@mail.example.co.uk')).toBe('"a@***@mail.example.co.uk');
  });

  it('never splits a character outside the basic multilingual plane', () => {
    expect(anonymizeEmail('😀😀😀😀@example.com')).toBe('😀😀😀***@example.com');
  });

  it('hides a value without @ as a whole local part', () => {
    expect(anonymizeEmail('annadevries')).toBe('ann********');
  });
});
