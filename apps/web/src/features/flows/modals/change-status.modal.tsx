import type { FlowStatus } from '@im/domain';
import { Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import type { FormModalProps } from '../../../ui/form/form-modal';
import { useAppForm } from '../../../ui/form/use-app-form';
import { toast } from '../../../ui/toasts';
import { phaseOptions, statusOptions, toId } from '../components/flow-options';
import { FlowSettingsModal } from '../components/flow-settings-modal';
import { useChangeStatus, useUpdateFlow } from '../mutations';
import type { Flow, FlowSettings } from '../types';

type Values = { flow_status: string; flow_phase_id: string; cancel_reason: string };

type Props = FormModalProps & { flow: Flow };

/** changeStatus with the phase select of the chosen stage; a phase change alone is an update. */
export function ChangeStatusModal({ flow, opened, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <FlowSettingsModal opened={opened} onClose={onClose} title={t('flows.status.title')}>
      {(settings) => <ChangeStatusForm flow={flow} settings={settings} onClose={onClose} />}
    </FlowSettingsModal>
  );
}

const validate = (v: Values) => ({ flow_status: v.flow_status ? undefined : i18n.t('common.required') });

function ChangeStatusForm({ flow, settings, onClose }: Omit<Props, 'opened'> & { settings: FlowSettings }) {
  const { t } = useTranslation();
  const changeStatus = useChangeStatus(flow.id);
  const update = useUpdateFlow(flow.id);
  const { values, form, inputProps, onSubmit, formError, showServerError } = useAppForm<Values>({
    initialValues: {
      flow_status: flow.flow_status,
      flow_phase_id: flow.flow_phase_id ? String(flow.flow_phase_id) : '',
      cancel_reason: '',
    },
    validate,
  });
  const status = values.flow_status as FlowStatus;
  const phases = phaseOptions(settings, status);

  const done = () => {
    toast.success(t('flows.status.changed'));
    onClose();
  };
  const submit = onSubmit((v) => {
    const phaseId = toId(v.flow_phase_id);
    if (v.flow_status === flow.flow_status) {
      if (phaseId === (flow.flow_phase_id ?? undefined)) return onClose();
      return update.mutate({ flow_phase_id: phaseId ?? null }, { onSuccess: done, onError: showServerError });
    }
    changeStatus.mutate(
      {
        flow_status: status,
        flow_phase_id: phaseId,
        cancel_reason: status === 'cancelled' ? v.cancel_reason || undefined : undefined,
      },
      { onSuccess: done, onError: showServerError },
    );
  });

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <Select
          label={t('common.status')}
          data={statusOptions()}
          allowDeselect={false}
          {...inputProps('flow_status')}
          onChange={(next) => {
            form.setFieldValue('flow_status', next ?? '');
            // Another status starts at its first phase, as a drag on the board does (the server
            // stores that phase too), so the form shows what will happen.
            const first = next ? phaseOptions(settings, next as FlowStatus)[0] : undefined;
            form.setFieldValue('flow_phase_id', first?.value ?? '');
          }}
        />
        {phases.length > 0 && (
          <Select label={t('flows.status.phase')} data={phases} clearable {...inputProps('flow_phase_id')} />
        )}
        {status === 'cancelled' && (
          <Select
            label={t('flows.fields.cancelReason')}
            data={settings.cancel_reasons}
            clearable
            {...inputProps('cancel_reason')}
          />
        )}
        <FormActions onCancel={onClose} isPending={changeStatus.isPending || update.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
