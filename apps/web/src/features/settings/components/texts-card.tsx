import type { FlowProfile, FlowSettingsLists } from '@im/domain';
import { Card, Select, Stack, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { useSaveCompanySettings } from '../queries';

const MAX_TEXT = 5000;

/** The custom lead info box, the e-mail signature and the standard request profile. */
export function TextsCard({
  settings,
  profiles,
  canSave,
}: {
  settings: FlowSettingsLists;
  profiles: readonly FlowProfile[];
  canSave: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveCompanySettings(settings.id);
  const { inputProps, onSubmit, formError, saveCallbacks } = useAppForm({
    initialValues: {
      custom_lead_infobox: settings.custom_lead_infobox,
      email_signature: settings.email_signature,
      standard_flowprofile_id: settings.standard_flowprofile_id
        ? String(settings.standard_flowprofile_id)
        : '',
    },
    validate: () => ({}),
  });
  const submit = onSubmit((v) =>
    save.mutate(
      {
        custom_lead_infobox: v.custom_lead_infobox,
        email_signature: v.email_signature,
        ...(v.standard_flowprofile_id && { standard_flowprofile_id: Number(v.standard_flowprofile_id) }),
      },
      saveCallbacks(t('common.saved'), () => undefined),
    ),
  );
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="texts-title">
      <Title order={2} size="h4" id="texts-title" mb="sm">
        {t('settings.texts.title')}
      </Title>
      <form noValidate onSubmit={submit}>
        <FormError message={formError} title={t('common.saveFailed')} />
        <Stack gap="sm">
          <Textarea
            label={t('settings.texts.infobox')}
            description={t('settings.texts.infoboxHint')}
            autosize
            minRows={2}
            maxLength={MAX_TEXT}
            readOnly={!canSave}
            {...inputProps('custom_lead_infobox')}
          />
          <Textarea
            label={t('settings.texts.signature')}
            description={t('settings.texts.signatureHint', { tag: '{{ bedrijf.handtekening }}' })}
            autosize
            minRows={3}
            maxLength={MAX_TEXT}
            readOnly={!canSave}
            {...inputProps('email_signature')}
          />
          <Select
            label={t('settings.texts.standardProfile')}
            description={t('settings.texts.standardProfileHint')}
            data={profiles.map((p) => ({ value: String(p.id), label: p.name }))}
            allowDeselect={false}
            readOnly={!canSave}
            {...inputProps('standard_flowprofile_id')}
          />
          {canSave && <FormActions isPending={save.isPending} />}
        </Stack>
      </form>
    </Card>
  );
}
