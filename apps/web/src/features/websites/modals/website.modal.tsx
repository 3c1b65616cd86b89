import {
  DEFAULT_WEBSITE_LEAD_SOURCE,
  MAX_WEBSITE_NAME_LENGTH,
  MAX_WEBSITE_URL_LENGTH,
  type Website,
  zCreateWebsite,
} from '@im/domain';
import { Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFlowSettings } from '../../../api/companies';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import type { FormModalProps } from '../../../ui/form/form-modal';
import { FormModal } from '../../../ui/form/form-modal';
import { schemaError } from '../../../ui/form/schema-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { useSaveWebsite } from '../queries';

/** Spec 002 "Website create, edit": name, address, lead source, request profile (optional) and user (required). */
export function WebsiteModal({ opened, onClose, website }: FormModalProps & { website?: Website | null }) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={website ? t('websites.edit') : t('websites.new')}>
      <WebsiteForm website={website ?? null} onDone={onClose} />
    </FormModal>
  );
}

type Values = {
  name: string;
  siteurl: string;
  lead_source: string;
  flowprofile_id: string | null;
  user_id: string | null;
};

function WebsiteForm({ website, onDone }: { website: Website | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveWebsite();
  const settings = useFlowSettings();
  const leadSources = settings.data?.lead_sources ?? [];
  const { inputProps, onSubmit, formError, saveCallbacks } = useAppForm<Values>({
    initialValues: {
      name: website?.name ?? '',
      siteurl: website?.siteurl ?? '',
      lead_source: website?.lead_source ?? DEFAULT_WEBSITE_LEAD_SOURCE,
      flowprofile_id: website?.flowprofile_id ? String(website.flowprofile_id) : null,
      user_id: website?.user_id ? String(website.user_id) : null,
    },
    validate: (v) => ({
      name: schemaError(zCreateWebsite.shape.name, v.name),
      siteurl: schemaError(zCreateWebsite.shape.siteurl, v.siteurl),
      user_id: schemaError(zCreateWebsite.shape.user_id, v.user_id),
    }),
  });
  const submit = onSubmit((v) => {
    const body = {
      name: v.name,
      siteurl: v.siteurl,
      lead_source: v.lead_source,
      flowprofile_id: v.flowprofile_id ? Number(v.flowprofile_id) : null,
      user_id: Number(v.user_id),
    };
    save.mutate(website ? { id: website.id, ...body } : body, saveCallbacks(t('websites.saved'), onDone));
  });
  // The stored source stays selectable even when it left the company's list.
  const sourceOptions = [...new Set([...leadSources, ...(website ? [website.lead_source] : [])])];
  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <TextInput
          label={t('common.name')}
          description={t('websites.nameDescription')}
          required
          maxLength={MAX_WEBSITE_NAME_LENGTH}
          data-autofocus
          {...inputProps('name')}
        />
        <TextInput
          label={t('websites.siteurl')}
          description={t('websites.siteurlDescription')}
          type="url"
          placeholder="https://www.voorbeeld.nl"
          maxLength={MAX_WEBSITE_URL_LENGTH}
          {...inputProps('siteurl')}
        />
        {sourceOptions.length > 0 ? (
          <Select
            label={t('common.leadSource')}
            data={sourceOptions}
            allowDeselect={false}
            {...inputProps('lead_source')}
          />
        ) : (
          <TextInput label={t('common.leadSource')} maxLength={100} {...inputProps('lead_source')} />
        )}
        <Select
          label={t('websites.flowprofile')}
          placeholder={t('websites.flowprofileStandard')}
          clearable
          data={(settings.data?.flowprofiles ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          {...inputProps('flowprofile_id')}
        />
        <Select
          label={t('websites.user')}
          description={t('websites.userDescription')}
          required
          searchable
          data={(settings.data?.users ?? []).map((u) => ({ value: String(u.id), label: u.fullname }))}
          {...inputProps('user_id')}
        />
        <FormActions onCancel={onDone} isPending={save.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
