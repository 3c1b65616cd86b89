import { isStrongPassword } from '@im/domain';
import { i18n } from '../../i18n';

// Small rules shared by the auth and account forms; each returns a message or undefined.
export const required = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? undefined : i18n.t('common.required');

export const email = (value: string): string | undefined =>
  required(value) ??
  (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? undefined : i18n.t('common.invalidEmail'));

export const strongPassword = (value: string): string | undefined =>
  required(value) ?? (isStrongPassword(value) ? undefined : i18n.t('common.passwordRule'));

export const sameAs = (value: string, other: string): string | undefined =>
  required(value) ?? (value === other ? undefined : i18n.t('common.passwordMismatch'));
