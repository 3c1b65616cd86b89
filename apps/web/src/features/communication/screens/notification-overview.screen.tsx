import { HISTORIC_STEP, SHOW_ALL } from '@im/domain';
import { Alert, Button, Card, Divider, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { DayPicker, todayInAmsterdam } from '../../../ui/day-picker';
import { toast } from '../../../ui/toasts';
import { NotificationRow } from '../components/notification-row';
import { useMarkAllNotificationsRead, useNotificationsOnDate } from '../queries';

/**
 * /notification_overview: the user's notifications of a day, with a toggle to also show read ones;
 * the earlier ones grow by 5 or show all (spec 001 sections 2 and 9).
 */
export function NotificationOverviewScreen() {
  const { t } = useTranslation();
  const [date, setDate] = useState(todayInAmsterdam);
  const [showAll, setShowAll] = useState(true);
  const [historic, setHistoric] = useState(HISTORIC_STEP);
  const day = useNotificationsOnDate(date, showAll ? 'all' : 'unread', historic);
  const markAll = useMarkAllNotificationsRead();

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t('communication.notifications.title')}</Title>
        <Button
          variant="light"
          leftSection={<IconChecks size={16} />}
          loading={markAll.isPending}
          onClick={() =>
            markAll.mutate(undefined, {
              onSuccess: () => toast.success(t('communication.notifications.allRead')),
              onError: (error) => showActionError(error),
            })
          }
        >
          {t('communication.notifications.markAllRead')}
        </Button>
      </Group>
      <DayPicker
        date={date}
        onChange={(next) => {
          setDate(next);
          setHistoric(HISTORIC_STEP);
        }}
        labels={{
          date: t('common.date'),
          previousDay: t('planning.logitems.previousDay'),
          nextDay: t('planning.logitems.nextDay'),
          today: t('common.today'),
        }}
      />
      <Switch
        label={t('communication.notifications.showAll')}
        checked={showAll}
        onChange={(e) => setShowAll(e.currentTarget.checked)}
      />
      {day.isError ? (
        <Alert color="red" role="alert">
          {t('communication.notifications.loadFailed')}
        </Alert>
      ) : !day.data ? (
        <Loader aria-label={t('app.loading')} />
      ) : (
        <>
          <Card withBorder padding="md">
            <Title order={2} size="h4" mb="sm">
              {t('communication.notifications.onDate')}
            </Title>
            {day.data.items.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('communication.notifications.none')}
              </Text>
            ) : (
              <Stack gap="xs">
                {day.data.items.map((n, i) => (
                  <div key={n.id}>
                    {i > 0 && <Divider mb="xs" />}
                    <NotificationRow notification={n} />
                  </div>
                ))}
              </Stack>
            )}
          </Card>
          <Card withBorder padding="md">
            <Title order={2} size="h4" mb="sm">
              {t('communication.notifications.earlier')}
            </Title>
            {day.data.historic.data.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('communication.notifications.noneEarlier')}
              </Text>
            ) : (
              <Stack gap="xs">
                {day.data.historic.data.map((n, i) => (
                  <div key={n.id}>
                    {i > 0 && <Divider mb="xs" />}
                    <NotificationRow notification={n} />
                  </div>
                ))}
              </Stack>
            )}
            {day.data.historic.has_more && (
              <Group mt="sm">
                <Button variant="default" size="xs" onClick={() => setHistoric((h) => h + HISTORIC_STEP)}>
                  {t('communication.notifications.more')}
                </Button>
                <Button variant="subtle" size="xs" onClick={() => setHistoric(SHOW_ALL)}>
                  {t('common.showAll')}
                </Button>
              </Group>
            )}
          </Card>
        </>
      )}
    </Stack>
  );
}
