import type { FlowSettingsLists } from '@im/domain';
import { Card, Stack, TagsInput, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { toast } from '../../../ui/toasts';
import { useSaveCompanySettings } from '../queries';

type ListKey = 'lead_sources' | 'flow_tags' | 'cancel_reasons';
const LISTS = [
  { key: 'lead_sources', label: 'settings.lists.leadSources' },
  { key: 'flow_tags', label: 'settings.lists.flowTags' },
  { key: 'cancel_reasons', label: 'settings.lists.cancelReasons' },
] as const satisfies readonly { key: ListKey; label: string }[];

/** The company's lead sources, dossier tags and cancel reasons (each value once, trimmed by the server). */
export function ListsCard({ settings, canSave }: { settings: FlowSettingsLists; canSave: boolean }) {
  const { t } = useTranslation();
  const save = useSaveCompanySettings(settings.id);
  const [values, setValues] = useState<Record<ListKey, string[]>>({
    lead_sources: settings.lead_sources,
    flow_tags: settings.flow_tags,
    cancel_reasons: settings.cancel_reasons,
  });
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        setValues({
          lead_sources: saved.lead_sources,
          flow_tags: saved.flow_tags,
          cancel_reasons: saved.cancel_reasons,
        });
        toast.success(t('common.saved'));
      },
      onError: (e) => setError(e.message),
    });
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="lists-title">
      <Title order={2} size="h4" id="lists-title">
        {t('settings.lists.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {t('settings.lists.intro')}
      </Text>
      <form noValidate onSubmit={submit}>
        <FormError message={error} title={t('common.saveFailed')} />
        <Stack gap="sm">
          {LISTS.map(({ key, label }) => (
            <TagsInput
              key={key}
              label={t(label)}
              placeholder={t('settings.lists.placeholder')}
              value={values[key]}
              onChange={(next) => setValues((current) => ({ ...current, [key]: next }))}
              readOnly={!canSave}
              clearable={false}
              maxLength={100}
              acceptValueOnBlur
              splitChars={[]}
            />
          ))}
          {canSave && <FormActions isPending={save.isPending} />}
        </Stack>
      </form>
    </Card>
  );
}
