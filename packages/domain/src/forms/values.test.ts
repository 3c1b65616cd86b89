import { describe, expect, it } from 'vitest';
import { isFilledIn, parseNumeric, roundTo2, toNumber } from './values';

describe('toNumber', () => {
  it.each([
    ['12,5', 12.5],
    ['12.5', 12.5],
    ['1.234,5', 1234.5],
    ['1,234.5', 1234.5],
    ['1.234.567', 1234567],
    [' -3,25 ', -3.25],
    ['1 234,5', 1234.5],
    ['7', 7],
    ['.5', 0.5],
    ['1e3', 1000],
  ])('reads %j as %d', (input, expected) => {
    expect(toNumber(input)).toBe(expected);
  });

  it.each([[''], ['   '], [null], ['abc'], ['12abc'], ['1,2,3x'], ['--1']])('counts %j as 0', (input) => {
    expect(toNumber(input)).toBe(0);
  });

  it('takes numbers as they are and booleans as 1 and 0', () => {
    expect(toNumber(4.2)).toBe(4.2);
    expect(toNumber(Number.NaN)).toBe(0);
    expect(toNumber(Number.POSITIVE_INFINITY)).toBe(0);
    expect(toNumber(true)).toBe(1);
    expect(toNumber(false)).toBe(0);
  });

  it('tells numbers from text (parseNumeric): "" and null are not numbers', () => {
    expect(parseNumeric('')).toBeNull();
    expect(parseNumeric(null)).toBeNull();
    expect(parseNumeric('plat')).toBeNull();
    expect(parseNumeric('0')).toBe(0);
  });
});

describe('isFilledIn', () => {
  it.each([
    [null, false],
    ['', false],
    ['   \t', false],
    [false, false],
    [true, true],
    ['x', true],
    [0, true],
    ['0', true],
  ])('%j -> %s', (value, expected) => {
    expect(isFilledIn(value)).toBe(expected);
  });
});

describe('roundTo2', () => {
  it.each([
    [1.005, 1.01],
    [2.675, 2.68],
    [1.004, 1],
    [-1.005, -1.01],
    [0.004, 0],
    [0.005, 0.01],
    [18.049999999999997, 18.05],
    [123456.789, 123456.79],
    [-0.001, 0],
  ])('%d -> %d', (input, expected) => {
    expect(roundTo2(input)).toBe(expected);
  });

  it('leaves non-finite numbers alone', () => {
    expect(roundTo2(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    expect(roundTo2(Number.NaN)).toBeNaN();
  });
});
