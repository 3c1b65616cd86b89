import { describe, expect, it } from 'vitest';
import { zFlag, zFlagNumber } from './flags';

describe('request flags', () => {
  it('take 1/0, "1"/"0" and true/false alike', () => {
    for (const on of [1, '1', true, 'true']) expect(zFlag.parse(on)).toBe(true);
    for (const off of [0, '0', false, 'false']) expect(zFlag.parse(off)).toBe(false);
    expect(zFlagNumber.parse('1')).toBe(1);
    expect(zFlagNumber.parse(false)).toBe(0);
  });

  it('refuse anything else', () => {
    for (const bad of [2, -1, '', 'yes', 'ja', null, [], {}, 1.5, 'TRUE']) {
      expect(zFlag.safeParse(bad).success).toBe(false);
    }
  });

  it('keep a default when the flag is left out', () => {
    expect(zFlag.default(true).parse(undefined)).toBe(true);
    expect(zFlag.optional().parse(undefined)).toBeUndefined();
  });
});
