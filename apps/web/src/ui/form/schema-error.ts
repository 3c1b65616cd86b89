import type { z } from 'zod';

/** The first message the domain's schema gives for a value, so a screen checks by the server's own rule. */
export function schemaError(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}
