import { notFound } from '../../platform/errors';

/** The value, or a 404 with the message when there is none. */
export function found<T>(value: T | null, message: string): T {
  if (value === null) throw notFound(message);
  return value;
}
