import { Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormActions } from '../form/form-actions';
import { FormError } from '../form/form-error';
import { toast } from '../toasts';

/** What the typeahead of a pick form receives: spread it onto a RelationTypeahead or the like. */
export interface PickFieldProps<T> {
  value: T | null;
  onChange: (value: T | null) => void;
  required: true;
  error: string | undefined;
}

export interface PickSaveCallbacks {
  onSuccess: () => void;
  onError: (error: Error) => void;
}

interface PickEntityFormProps<T> {
  initialValue: T | null;
  /** Shown on the field after saving without a choice. */
  requiredMessage: string;
  isPending: boolean;
  /** Saves the choice; hand `callbacks` to the mutation: success toasts and closes, failure shows above. */
  onSave: (value: T, callbacks: PickSaveCallbacks) => void;
  /** Toasted once the save succeeded. */
  savedMessage: string;
  /** Cancel, and after a successful save. */
  onClose: () => void;
  renderField: (field: PickFieldProps<T>) => ReactNode;
  /** Keeps the save button disabled while nothing is chosen after a save attempt. */
  isSaveBlockedWhileEmpty?: boolean;
}

/** One required typeahead and save/cancel: change the contact person, link an organization. */
export function PickEntityForm<T>({
  initialValue,
  requiredMessage,
  isPending,
  onSave,
  savedMessage,
  onClose,
  renderField,
  isSaveBlockedWhileEmpty = false,
}: PickEntityFormProps<T>) {
  const [value, setValue] = useState<T | null>(initialValue);
  const [isSubmitAttempted, setSubmitAttempted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const isMissing = isSubmitAttempted && !value;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitAttempted(true);
    if (!value) return;
    setFormError(null);
    onSave(value, {
      onSuccess: () => {
        toast.success(savedMessage);
        onClose();
      },
      onError: (error) => setFormError(error.message),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <FormError message={formError} />
      <Stack gap="sm">
        {renderField({
          value,
          onChange: setValue,
          required: true,
          error: isMissing ? requiredMessage : undefined,
        })}
        <FormActions
          onCancel={onClose}
          isPending={isPending}
          isSubmitDisabled={isSaveBlockedWhileEmpty && isMissing}
          mt="sm"
        />
      </Stack>
    </form>
  );
}
