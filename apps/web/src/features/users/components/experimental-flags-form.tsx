import { EXPERIMENTAL_FEATURE_FLAG_LABELS, EXPERIMENTAL_FEATURE_FLAGS } from '@im/domain';
import { Button, Checkbox, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { toast } from '../../../ui/toasts';
import { type UserRow, useUpdateUserSettings } from '../queries';

/**
 * A user's experimental feature flags (spec 000 section 2; decision 067: `portal` shows the 'Portaal' link),
 * set by a platform administrator on the user detail. The flags offered are the one list of `@im/domain`.
 */
export function ExperimentalFlagsForm({ user }: { user: UserRow }) {
  const { t } = useTranslation();
  const update = useUpdateUserSettings(user.id);
  const [flags, setFlags] = useState<string[]>(user.experimental_feature_flags);
  const changed = [...flags].sort().join() !== [...user.experimental_feature_flags].sort().join();
  const save = () =>
    update.mutate(
      { experimental_feature_flags: flags },
      { onSuccess: () => toast.success(t('users.flagsSaved')), onError: (e) => showActionError(e) },
    );
  return (
    <Stack gap="sm">
      <Checkbox.Group
        label={t('users.flagsTitle')}
        description={t('users.flagsHelp')}
        value={flags}
        onChange={setFlags}
      >
        <Stack gap={6} mt="xs">
          {EXPERIMENTAL_FEATURE_FLAGS.map((flag) => (
            <Checkbox key={flag} value={flag} label={EXPERIMENTAL_FEATURE_FLAG_LABELS[flag]} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group>
        <Button onClick={save} loading={update.isPending} disabled={!changed}>
          {t('users.flagsSave')}
        </Button>
      </Group>
    </Stack>
  );
}
