import { PARTNER_TEXTS, type PartnerDetail } from '@im/domain';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFlowSettings } from '../../../api/companies';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { useAppForm } from '../../../ui/form/use-app-form';
import { toast } from '../../../ui/toasts';
import { useCreatePartner, useUpdatePartner } from '../queries';

interface Values extends Record<string, unknown> {
  name: string;
  start_date: string;
  end_date: string;
  /** The request profile's id as text; '' is 'geen'. */
  flowprofile_id: string;
}

function validate(v: Values) {
  return {
    name: v.name.trim() ? undefined : PARTNER_TEXTS.nameRequired,
    end_date:
      v.start_date && v.end_date && v.end_date < v.start_date ? PARTNER_TEXTS.endBeforeStart : undefined,
  };
}

function toRequest(v: Values) {
  return {
    name: v.name.trim(),
    start_date: v.start_date || null,
    end_date: v.end_date || null,
    flowprofile_id: v.flowprofile_id ? Number(v.flowprofile_id) : null,
  };
}

/** Partner create (no `partner`) or edit: name, period and request profile (spec 001 "Partner"). */
export function PartnerModal({ partner, opened, onClose }: FormModalProps & { partner?: PartnerDetail }) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t(partner ? 'partners.editTitle' : 'partners.newPartner')}
    >
      <PartnerForm partner={partner} onDone={onClose} />
    </FormModal>
  );
}

function PartnerForm({ partner, onDone }: { partner?: PartnerDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreatePartner();
  const update = useUpdatePartner(partner?.id ?? 0);
  const settings = useFlowSettings();
  const { inputProps, onSubmit, formError, saveCallbacks, showServerError } = useAppForm<Values>({
    initialValues: {
      name: partner?.name ?? '',
      start_date: partner?.start_date ?? '',
      end_date: partner?.end_date ?? '',
      flowprofile_id: partner?.flowprofile_id ? String(partner.flowprofile_id) : '',
    },
    validate,
  });
  // Spec 001 section 9: a partner's choice list starts with 'geen' (no request profile).
  const profiles = [
    { value: '', label: PARTNER_TEXTS.none },
    ...(settings.data?.flowprofiles ?? []).map((p) => ({ value: String(p.id), label: p.name })),
  ];

  const submit = onSubmit((v) => {
    if (partner) update.mutate(toRequest(v), saveCallbacks(t('partners.saved'), onDone));
    else
      create.mutate(toRequest(v), {
        onSuccess: (created) => {
          toast.success(t('partners.created'));
          onDone();
          navigate(`/partner_detail/${created.id}`);
        },
        onError: showServerError,
      });
  });

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <TextInput label={t('partners.name')} required data-autofocus {...inputProps('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput type="date" label={t('partners.startDate')} {...inputProps('start_date')} />
          <TextInput type="date" label={t('partners.endDate')} {...inputProps('end_date')} />
        </SimpleGrid>
        <Select
          label={t('partners.flowprofile')}
          data={profiles}
          allowDeselect={false}
          {...inputProps('flowprofile_id')}
        />
        <FormActions onCancel={onDone} isPending={create.isPending || update.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
