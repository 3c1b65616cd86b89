import type { FlowProfileDetail } from '@im/domain';
import { Card, MultiSelect, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVerticals } from '../../../api/verticals';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { toast } from '../../../ui/toasts';
import { useFlowProfileChanges } from '../queries';

/** The forms a dossier with this profile offers (empty: every form). */
export function ProfileWhitelistCard({ profile }: { profile: FlowProfileDetail }) {
  const { t } = useTranslation();
  const forms = useVerticals();
  const { settings } = useFlowProfileChanges(profile.id);
  const [chosen, setChosen] = useState(profile.vertical_whitelist.map(String));
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    settings.mutate(
      { vertical_whitelist: chosen.map(Number) },
      { onSuccess: () => toast.success(t('common.saved')), onError: (e) => setError(e.message) },
    );
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-whitelist-title">
      <Title order={2} size="h4" id="profile-whitelist-title">
        {t('settings.profileDetail.whitelist')}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {t('settings.profileDetail.whitelistIntro')}
      </Text>
      <form noValidate onSubmit={submit}>
        <FormError message={error} title={t('common.saveFailed')} />
        <Stack gap="sm">
          <MultiSelect
            label={t('settings.profileDetail.whitelistLabel')}
            data={(forms.data ?? [])
              .filter((f) => !f.archived)
              .map((f) => ({ value: String(f.id), label: f.name }))}
            value={chosen}
            onChange={setChosen}
            searchable
            clearable
          />
          <FormActions isPending={settings.isPending} />
        </Stack>
      </form>
    </Card>
  );
}
