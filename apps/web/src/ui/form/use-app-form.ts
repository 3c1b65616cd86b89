import { type GetInputPropsOptions, useForm } from '@mantine/form';
import { type FormEvent, useRef, useState } from 'react';
import { isApiError } from '../../api/client';
import { toast } from '../toasts';

export type FieldErrorMap<V> = Partial<Record<Extract<keyof V, string>, string>>;
export type Validator<V> = (values: V) => FieldErrorMap<V>;

/** Spec 000 section 5: a field shows its error once it was changed, or after a submit attempt. */
export function shouldShowFieldError(state: { isDirty: boolean; isSubmitAttempted: boolean }): boolean {
  return state.isDirty || state.isSubmitAttempted;
}

interface Options<V> {
  initialValues: V;
  validate: Validator<V>;
}

/**
 * @mantine/form keeps the values; validation runs on every render so rules that span fields
 * (password confirmation) stay current. Server field errors (422) show until that field changes.
 */
export function useAppForm<V extends Record<string, unknown>>({ initialValues, validate }: Options<V>) {
  type Field = Extract<keyof V, string>;
  const [isSubmitAttempted, setSubmitAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrorMap<V>>({});
  // A server message that belongs to no field (wrong password, throttling, server trouble).
  const [formError, setFormError] = useState<string | null>(null);
  // "Dirty" as users know it: changed at least once, even if changed back afterwards.
  const changedFields = useRef(new Set<string>());

  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    onValuesChange: (values, previous) => {
      const changed = Object.keys(values).filter((key) => values[key] !== previous[key]);
      for (const key of changed) changedFields.current.add(key);
      setServerErrors((current) => {
        if (!changed.some((key) => key in current)) return current;
        const next = { ...current };
        for (const key of changed) delete next[key as Field];
        return next;
      });
    },
  });

  const clientErrors = validate(form.values);
  const isValid = Object.values(clientErrors).every((message) => !message);

  const fieldError = (field: Field): string | undefined => {
    const isDirty = changedFields.current.has(field);
    if (!shouldShowFieldError({ isDirty, isSubmitAttempted })) return undefined;
    return serverErrors[field] ?? clientErrors[field] ?? undefined;
  };

  const inputProps = (field: Field, options?: GetInputPropsOptions) => ({
    ...form.getInputProps(field, options),
    error: fieldError(field),
  });

  const onSubmit =
    (handler: (values: V) => unknown) =>
    (event?: FormEvent<HTMLFormElement>): void => {
      event?.preventDefault();
      setSubmitAttempted(true);
      if (!isValid) return;
      setFormError(null);
      void handler(form.values);
    };

  /**
   * Shows a failed call: field errors of the answer on their fields, the server's message above
   * the form only when no field took it (so the same text never shows twice).
   */
  const showServerError = (error: unknown): void => {
    const next: FieldErrorMap<V> = {};
    if (isApiError(error)) {
      for (const [field, messages] of Object.entries(error.errors)) {
        if (field in form.values && messages[0]) next[field as Field] = messages[0];
      }
    }
    setServerErrors(next);
    const isOnField = Object.keys(next).length > 0;
    setFormError(isOnField ? null : error instanceof Error ? error.message : String(error));
  };

  /** Callbacks for the form's mutation: on success toast `message`, then `then` (close the dialog). */
  const saveCallbacks = (message: string, then: () => void) => ({
    onSuccess: () => {
      toast.success(message);
      then();
    },
    onError: showServerError,
  });

  return {
    form,
    values: form.values,
    inputProps,
    fieldError,
    isValid,
    isSubmitAttempted,
    onSubmit,
    formError,
    showServerError,
    saveCallbacks,
  };
}
