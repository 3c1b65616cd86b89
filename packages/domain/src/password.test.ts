import { describe, expect, it } from 'vitest';
import { isStrongPassword, zPassword } from './password';

describe('password policy (spec 000 section 5)', () => {
  it('accepts 8+ characters with lowercase, uppercase and a digit', () => {
    expect(isStrongPassword('Welkom123')).toBe(true);
  });
  it.each(['Welk12', 'welkom123', 'WELKOM123', 'WelkomWelkom'])('refuses %s', (pw) => {
    expect(isStrongPassword(pw)).toBe(false);
    expect(zPassword.safeParse(pw).success).toBe(false);
  });
});
