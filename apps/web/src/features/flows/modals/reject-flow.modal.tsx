import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../ui/alert-dialog';
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
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('flows.reject.title')}
      closeOnClickOutside={false}
      centered
    >
      {opened && <RejectFlowForm flow={flow} onClose={onClose} />}
    </Modal>
  );
}

function RejectFlowForm({ flow, onClose }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const settings = useFlowSettings();
  const reject = useRejectFlow(flow.id);
  const [reason, setReason] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    reject.mutate(reason ?? undefined, {
      onSuccess: () => {
        toast.success(t('flows.reject.rejected'));
        onClose();
      },
      // Spec 001 section 8: a failed reject shows an alert with the error.
      onError: (failure) => void showAlert({ message: failure.message }),
    });
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <Select
          label={t('flows.reject.reason')}
          data={settings.data?.cancel_reasons ?? []}
          value={reason}
          onChange={setReason}
          clearable
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="orange" loading={reject.isPending}>
            {t('flows.reject.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
