import { z } from 'zod';

export const PASSWORD_RULE_MESSAGE =
  'Het wachtwoord moet minimaal 8 tekens lang zijn en een kleine letter, een hoofdletter en een cijfer bevatten.';

export function isStrongPassword(password: string): boolean {
  return password.length >= 8 && /[a-z]/.test(password) && /[A-Z]/.test(password) && /[0-9]/.test(password);
}

export const zPassword = z.string().max(200).refine(isStrongPassword, { message: PASSWORD_RULE_MESSAGE });
