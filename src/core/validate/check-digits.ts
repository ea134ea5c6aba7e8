// Check-digit algorithms behind the code fields (design section 3). Each takes the
// digits as a string: codes keep their leading zeros and can exceed Number precision.

const DIGITS = /^[0-9]+$/;

// Damm's weakly totally anti-symmetric quasigroup of order 10 (row = interim, column = digit).
const DAMM_TABLE = [
  '0317598642',
  '7092154863',
  '4206871359',
  '1750983426',
  '6123045978',
  '3674209581',
  '5869720134',
  '8945362017',
  '9438617205',
  '2581436790',
];

const assertDigits = (digits: string) => {
  if (!DIGITS.test(digits)) throw new RangeError(`expected ASCII digits, got "${digits}"`);
};

const dammInterim = (digits: string) =>
  [...digits].reduce((interim, digit) => Number(DAMM_TABLE[interim]![Number(digit)]), 0);

/** True when `digits` (ASCII digits only, check digit last) passes the Damm check. */
export function damm(digits: string): boolean {
  return DIGITS.test(digits) && dammInterim(digits) === 0;
}

/** The Damm check digit to append to `digits`; throws on anything but ASCII digits. */
export function dammCheckDigit(digits: string): number {
  assertDigits(digits);
  // The table's diagonal is all zeros, so the interim digit itself completes the code.
  return dammInterim(digits);
}

const serialSum = (digits: string) =>
  [...digits].reduce((sum, digit, index) => sum + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);

/** True when `digits` passes the serial-number check: weights 3,1,3,1… from the left, sum divisible by 10. */
export function serialCheck(digits: string): boolean {
  return DIGITS.test(digits) && serialSum(digits) % 10 === 0;
}

/** The serial-number check digit to append to `digits` (9 digits for a serial: '38' + 7). */
export function serialCheckDigit(digits: string): number {
  assertDigits(digits);
  const missing = (10 - (serialSum(digits) % 10)) % 10;
  // At a weight-3 position the digit must satisfy 3c ≡ missing (mod 10); 7 is 3's inverse mod 10.
  return digits.length % 2 === 0 ? (missing * 7) % 10 : missing;
}

const luhnSum = (digits: string, doubleFirst: boolean) =>
  [...digits].reverse().reduce((sum, digit, index) => {
    const value = Number(digit) * ((index % 2 === 0) === doubleFirst ? 2 : 1);
    return sum + (value > 9 ? value - 9 : value);
  }, 0);

/** True when `digits` (check digit last) passes the Luhn mod-10 check. */
export function luhn(digits: string): boolean {
  return DIGITS.test(digits) && luhnSum(digits, false) % 10 === 0;
}

/** The Luhn check digit to append to `digits`; throws on anything but ASCII digits. */
export function luhnCheckDigit(digits: string): number {
  assertDigits(digits);
  return (10 - (luhnSum(digits, true) % 10)) % 10;
}
