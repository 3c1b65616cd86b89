import { Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal } from '../../../ui/form/form-modal';

interface ChoiceModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  label: string;
  /** undefined while the options load. */
  options?: { value: string; label: string }[];
  /** A free text (a name) instead of a choice. */
  isText?: boolean;
  /** Without a choice the call still goes (the standard template); else the choice is required. */
  isOptional?: boolean;
  placeholder?: string;
  description?: string;
  submitLabel: string;
  initialValue?: string | null;
  /** Resolves when done (the dialog closes); a rejection shows its message in the dialog. */
  onSubmit: (value: string | null) => Promise<unknown>;
}

/** One choice (or a name) and a button: rollback target, template, document type, template name. */
export function ChoiceModal({ opened, onClose, title, ...props }: ChoiceModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={title}>
      <ChoiceForm {...props} onClose={onClose} />
    </FormModal>
  );
}

function ChoiceForm({
  label,
  options,
  isText,
  isOptional,
  placeholder,
  description,
  submitLabel,
  initialValue = null,
  onSubmit,
  onClose,
}: Omit<ChoiceModalProps, 'opened' | 'title'>) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string | null>(initialValue);
  const [isPending, setPending] = useState(false);
  const [isSubmitAttempted, setSubmitAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isMissing = !isOptional && !value?.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitAttempted(true);
    if (isMissing) return;
    setPending(true);
    setError(null);
    onSubmit(value?.trim() || null).then(
      () => {
        setPending(false);
        onClose();
      },
      (failure: unknown) => {
        setPending(false);
        // A dismissed confirmation rejects with nothing to say: the dialog stays open.
        if (failure === undefined) return;
        const fieldMessage = isApiError(failure) ? Object.values(failure.errors)[0]?.[0] : undefined;
        setError(fieldMessage ?? (failure instanceof Error ? failure.message : String(failure)));
      },
    );
  };
  const fieldError = isSubmitAttempted && isMissing ? t('common.required') : undefined;

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={error} />
      <Stack gap="sm">
        {description && <Text size="sm">{description}</Text>}
        {isText ? (
          <TextInput
            label={label}
            required
            data-autofocus
            value={value ?? ''}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={fieldError}
          />
        ) : (
          <Select
            label={label}
            data={options ?? []}
            value={value}
            onChange={setValue}
            placeholder={placeholder}
            required={!isOptional}
            clearable={isOptional}
            searchable={(options?.length ?? 0) > 8}
            disabled={options === undefined}
            error={fieldError}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <FormActions onCancel={onClose} isPending={isPending} submitLabel={submitLabel} mt="sm" />
      </Stack>
    </form>
  );
}
