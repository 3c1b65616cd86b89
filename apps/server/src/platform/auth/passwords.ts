import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { validationError } from '../errors';
import { PASSWORDS_DIFFER } from './messages';

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane.
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Verifies against a throwaway hash so an unknown e-mail costs as much time as a known one. */
export async function spendVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}

/** A new password and its repetition must be the same (registration, reset, change). */
export function requireConfirmation(password: string, confirmation: string): void {
  if (password !== confirmation) {
    throw validationError(PASSWORDS_DIFFER, { password_confirmation: [PASSWORDS_DIFFER] });
  }
}
