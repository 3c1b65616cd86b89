import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../ui/alert-dialog';
import { openModal } from '../../../ui/modal-manager';
import { toast } from '../../../ui/toasts';
import { useRejectFlow } from '../mutations';
import { useFlowSettings } from '../queries';
import type { Flow } from '../types';

interface Props {
  flow: Flow;
  opened: boolean;
  onClose: () => void;
}

/** rejectflow: status cancelled with a cancel reason of the company; a refusal shows its message. */
export function RejectFlowModal({ flow, opened, onClose }: Props) {
  const { t } = useTranslation();
  const reject = useRejectFlow(flow.id);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('flows.reject.title')}
      closeOnClickOutside={false}
      centered
    >
      {opened && (
        <CancelReasonForm
          submitLabel={t('common.reject')}
          pending={reject.isPending}
          onCancel={onClose}
          onSubmit={(reason) =>
            reject.mutate(reason ?? undefined, {
              onSuccess: () => {
                toast.success(t('flows.reject.rejected'));
                onClose();
              },
              // Spec 001 section 8: a failed reject shows an alert with the error.
              onError: (failure) => void showAlert({ message: failure.message }),
            })
          }
        />
      )}
    </Modal>
  );
}

interface CancelReasonFormProps {
  submitLabel: string;
  cancelLabel?: string;
  /** Shown above the reason. */
  message?: string;
  /** A reason must be chosen when the company has any. */
  reasonRequired?: boolean;
  pending?: boolean;
  onSubmit: (reason: string | null) => void;
  onCancel: () => void;
}

/** The cancel reason of the company's list (company settings) with a confirm and a cancel button. */
function CancelReasonForm({
  submitLabel,
  cancelLabel,
  message,
  reasonRequired = false,
  pending = false,
  onSubmit,
  onCancel,
}: CancelReasonFormProps) {
  const { t } = useTranslation();
  const reasons = useFlowSettings().data?.cancel_reasons ?? [];
  const [reason, setReason] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reasonRequired && reasons.length > 0 && !reason) return setError(t('flows.reject.reasonRequired'));
    onSubmit(reason);
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        {message && <Text>{message}</Text>}
        <Select
          label={t('flows.reject.reason')}
          data={reasons}
          value={reason}
          onChange={(next) => {
            setReason(next);
            setError(null);
          }}
          error={error}
          required={reasonRequired && reasons.length > 0}
          clearable
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button type="submit" color="orange" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface AskCancelReasonOptions {
  title: string;
  message: string;
  submitLabel: string;
  cancelLabel: string;
}

/**
 * Asks to confirm a cancellation with its reason, as the reject dialog does. Resolves the chosen
 * reason (null: none chosen), or `undefined` when the dialog is cancelled, closed or dismissed.
 */
export function askCancelReason(
  options: AskCancelReasonOptions,
): Promise<{ reason: string | null } | undefined> {
  return new Promise((resolve) => {
    openModal(
      (close) => {
        const finish = (answer: { reason: string | null } | undefined) => {
          close();
          resolve(answer);
        };
        return (
          <Modal
            opened
            onClose={() => finish(undefined)}
            title={options.title}
            closeOnClickOutside={false}
            centered
          >
            <CancelReasonForm
              message={options.message}
              submitLabel={options.submitLabel}
              cancelLabel={options.cancelLabel}
              reasonRequired
              onSubmit={(reason) => finish({ reason })}
              onCancel={() => finish(undefined)}
            />
          </Modal>
        );
      },
      () => resolve(undefined),
    );
  });
}
