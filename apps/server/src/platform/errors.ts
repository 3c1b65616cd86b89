/** One error type with a code; `HTTP_STATUS` maps codes to statuses (api-contract "Errors"). */
export const HTTP_STATUS = {
  bad_request: 400,
  validation: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  throttled: 429,
  unavailable: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof HTTP_STATUS;
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options?: { errors?: FieldErrors; headers?: Record<string, string> },
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.errors = options?.errors;
    this.headers = options?.headers;
  }

  get status(): number {
    return HTTP_STATUS[this.code];
  }
}

export const notFound = (message = 'Niet gevonden.') => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const forbidden = (message = 'Geen toegang.') => new AppError('forbidden', message);
export const validationError = (message: string, errors?: FieldErrors) =>
  new AppError('validation', message, errors ? { errors } : undefined);

/** A 422 for a request part parsed by hand (multipart fields): the first message, and every field's. */
export function validationErrorFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): AppError {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '_');
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return validationError(issues[0]?.message ?? 'Ongeldige invoer.', errors);
}
