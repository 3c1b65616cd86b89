import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { CopyButton } from '../../../ui/clipboard';
import { confirm } from '../../../ui/confirm-dialog';
import { formatDateTime } from '../../../ui/format';
import { toast } from '../../../ui/toasts';
import { useCalendarFeed, useRenewCalendarFeed, useRevokeCalendarFeed } from '../queries';

/**
 * The user's iCalendar feed: a secret, revocable address any phone or computer calendar can
 * subscribe to. The address is shown once, when it is made.
 */
export function CalendarFeedCard() {
  const { t } = useTranslation();
  const feed = useCalendarFeed();
  const renew = useRenewCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);

  const make = async () => {
    if (
      feed.data?.active &&
      !(await confirm({
        title: t('planning.agenda.feedRenew'),
        message: t('planning.agenda.feedRenewConfirm'),
      }))
    )
      return;
    renew.mutate(undefined, {
      onSuccess: (made) => setUrl(made.url ?? null),
      onError: (error) => showActionError(error),
    });
  };
  const stop = async () => {
    if (
      !(await confirm({
        title: t('planning.agenda.feedRevoke'),
        message: t('planning.agenda.feedRevokeConfirm'),
        isDanger: true,
      }))
    )
      return;
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        toast.success(t('planning.agenda.feedRevoked'));
      },
      onError: (error) => showActionError(error),
    });
  };

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="xs">
        {t('planning.agenda.feedTitle')}
      </Title>
      <Stack gap="sm">
        <Text size="sm">{t('planning.agenda.feedIntro')}</Text>
        {url ? (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('planning.agenda.feedUrl')}
              value={url}
              readOnly
              style={{ flex: 1 }}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={url} />
          </Group>
        ) : (
          <Alert color="gray" variant="light">
            {feed.data?.active
              ? t('planning.agenda.feedActive', { date: formatDateTime(feed.data.created_at) })
              : t('planning.agenda.feedNone')}
          </Alert>
        )}
        <Group gap="sm">
          <Button
            leftSection={<IconCalendarShare size={16} />}
            onClick={() => void make()}
            loading={renew.isPending}
          >
            {feed.data?.active ? t('planning.agenda.feedRenew') : t('planning.agenda.feedMake')}
          </Button>
          {feed.data?.active && (
            <Button variant="light" color="red" onClick={() => void stop()} loading={revoke.isPending}>
              {t('planning.agenda.feedRevoke')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
