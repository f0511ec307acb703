import { describe, expect, it } from 'vitest';
import { positiveNumber } from './current-session';

describe('positiveNumber: session numbers are sent only when they parse as positive numbers', () => {
  it('keeps positive numbers', () => {
    expect(positiveNumber('25')).toBe(25);
    expect(positiveNumber(' 5 ')).toBe(5);
    expect(positiveNumber(90)).toBe(90);
  });
  it('drops empty, non-numeric, zero and negative values', () => {
    for (const value of ['', 'abc', '0', '-5', null, undefined]) expect(positiveNumber(value)).toBeUndefined();
  });
});
