import {
  CALENDAR_LINK_FOR_PARAM,
  CALENDAR_LINK_PARAM,
  CALENDAR_SERVICES,
  type CalendarService,
  INTEGRATION_SERVICE_LABELS,
  INTEGRATION_STATUS_LABELS,
  INTEGRATION_TEXTS,
  type Integration,
  isCalendarService,
} from '@im/domain';
import { Alert, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CopyButton } from '../../../ui/clipboard';
import { confirm } from '../../../ui/confirm-dialog';
import { LightBadge } from '../../../ui/light-badge';
import { toast } from '../../../ui/toasts';
import {
  useCalendarAuthUrl,
  useCalendarLinkForUser,
  useForceRemove,
  useMyIntegrations,
  useOfferedCalendars,
  useRefreshIntegrations,
  useUnlink,
  useUserIntegrations,
} from '../queries';
import { type IntegrationOutcome, useIntegrationOutcome } from './use-integration-outcome';

/**
 * Unlinks a calendar after confirmation (spec 000 section 8: cancelling does nothing). When the calendar's
 * service refuses or is away, the link keeps its error flag and the forced removal is offered with the spec's
 * dialog 'Agenda geforceerd verwijderen'.
 */
function useUnlinkCalendar() {
  const { t } = useTranslation();
  const unlink = useUnlink();
  const force = useForceRemove();
  const refresh = useRefreshIntegrations();
  async function run(i: Integration) {
    const label = INTEGRATION_SERVICE_LABELS[i.service];
    if (
      !(await confirm({
        title: t('integrations.unlink'),
        message: t('integrations.calendarUnlinkConfirm', { service: label }),
        confirmLabel: t('integrations.unlink'),
        isDanger: true,
      }))
    )
      return;
    try {
      toast.success((await unlink.mutateAsync(i)).message);
      return;
    } catch {
      void refresh();
    }
    await offerForce(i);
  }
  async function offerForce(i: Integration) {
    if (
      !(await confirm({
        title: INTEGRATION_TEXTS.forceRemoveTitle,
        message: INTEGRATION_TEXTS.forceRemoveBody,
        confirmLabel: t('integrations.forceRemove'),
        isDanger: true,
      }))
    )
      return;
    try {
      toast.success((await force.mutateAsync(i)).message);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    }
  }
  return { run, offerForce, isPending: unlink.isPending || force.isPending };
}

function CalendarRow({
  service,
  linked,
  canLink,
}: {
  service: CalendarService;
  linked: Integration | undefined;
  canLink: boolean;
}) {
  const { t } = useTranslation();
  const authUrl = useCalendarAuthUrl();
  const unlink = useUnlinkCalendar();
  const label = INTEGRATION_SERVICE_LABELS[service];

  async function startLink() {
    // The window opens at once (a click's window is not blocked), then gets the calendar's address.
    const popup = window.open('', 'im-integration', 'width=560,height=720');
    try {
      const { authUrl: url } = await authUrl.mutateAsync(service);
      if (!popup) {
        toast.error(t('integrations.popupBlocked'));
        return;
      }
      popup.location.href = url;
    } catch (err) {
      popup?.close();
      toast.error(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <Stack gap={6} py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>{label}</Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {linked
              ? t('integrations.linkedAs', { label: linked.account_label })
              : t('integrations.notLinked')}
          </Text>
        </div>
        {linked && (
          <LightBadge color={linked.status === 'active' ? 'green' : 'red'}>
            {INTEGRATION_STATUS_LABELS[linked.status]}
          </LightBadge>
        )}
      </Group>
      {linked?.status === 'error' && linked.last_error && (
        <Alert color="red" role="alert" p="xs">
          {linked.last_error}
        </Alert>
      )}
      <Group gap="xs">
        {(!linked || linked.status === 'error') && canLink && (
          <Button size="sm" onClick={startLink} loading={authUrl.isPending}>
            {linked ? t('integrations.relink') : t('integrations.link', { service: label })}
          </Button>
        )}
        {linked && (
          <Button
            size="sm"
            variant="default"
            color="red"
            onClick={() => unlink.run(linked)}
            loading={unlink.isPending}
          >
            {t('integrations.unlink')}
          </Button>
        )}
        {linked?.status === 'error' && (
          <Button size="sm" variant="subtle" color="red" onClick={() => unlink.offerForce(linked)}>
            {INTEGRATION_TEXTS.forceRemoveTitle}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The calendars offered on this server, and any linked before one stopped being offered (to unlink it). */
const shown = (mine: Integration[], offered: CalendarService[]) =>
  CALENDAR_SERVICES.filter((s) => offered.includes(s) || mine.some((i) => i.service === s));

/**
 * A link made for this profile by a system administrator (getAuthUrlForUser, decision 074): the calendar and the
 * user it is for are in the address. Its user is asked to link; anyone else is told it is not theirs.
 */
function LinkRequest({ userId }: { userId: number }) {
  const [params] = useSearchParams();
  const service = params.get(CALENDAR_LINK_PARAM) ?? '';
  const forUser = Number(params.get(CALENDAR_LINK_FOR_PARAM));
  if (!isCalendarService(service) || !forUser) return null;
  const mine = forUser === userId;
  return (
    <Alert color={mine ? 'blue' : 'orange'} mb="xs" role={mine ? 'status' : 'alert'}>
      {mine
        ? INTEGRATION_TEXTS.linkForYou(INTEGRATION_SERVICE_LABELS[service])
        : INTEGRATION_TEXTS.linkForOtherUser}
    </Alert>
  );
}

/**
 * 'Agenda koppelen' on the user profile (spec 000 section 2): Google Agenda or Outlook, each linked in a
 * window; the user's agenda items and planned tasks then appear in it and its events in /calendar.
 */
export function CalendarLinkCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const mine = useMyIntegrations();
  const offered = useOfferedCalendars();
  const refresh = useRefreshIntegrations();
  const [message, setMessage] = useState<IntegrationOutcome | null>(null);
  const onOutcome = useCallback(
    (outcome: IntegrationOutcome) => {
      setMessage(outcome);
      if (outcome.ok) toast.success(outcome.message);
      void refresh();
    },
    [refresh],
  );
  useIntegrationOutcome(onOutcome);
  return (
    <Card withBorder padding="lg" component="section" aria-label={t('integrations.calendarTitle')}>
      <Title order={2} size="h4" mb={4}>
        {t('integrations.calendarTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('integrations.calendarIntro')}
      </Text>
      <LinkRequest userId={userId} />
      {mine.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {mine.isError && (
        <Alert color="red" role="alert">
          {mine.error.message}
        </Alert>
      )}
      {message && !message.ok && (
        <Alert color="red" role="alert" mb="xs" withCloseButton onClose={() => setMessage(null)}>
          {message.message}
        </Alert>
      )}
      {mine.data && offered.data && shown(mine.data, offered.data).length === 0 && (
        <Text size="sm" c="dimmed">
          {t('integrations.noCalendarsOffered')}
        </Text>
      )}
      {mine.data &&
        offered.data &&
        shown(mine.data, offered.data).map((service) => (
          <CalendarRow
            key={service}
            service={service}
            linked={mine.data.find((i) => i.service === service)}
            canLink={offered.data.includes(service)}
          />
        ))}
    </Card>
  );
}

/**
 * getAuthUrlForUser (decision 074): a link for the user to open; they give consent with their own account. Shown
 * with a copy button, to send by mail or chat.
 */
function LinkForUser({ service, userId }: { service: CalendarService; userId: number }) {
  const { t } = useTranslation();
  const make = useCalendarLinkForUser();
  const label = INTEGRATION_SERVICE_LABELS[service];
  if (make.data)
    return (
      <Stack gap={2}>
        <TextInput
          readOnly
          label={t('integrations.linkForUserLabel', { service: label })}
          value={make.data.url}
          onFocus={(e) => e.currentTarget.select()}
          rightSection={<CopyButton value={make.data.url} />}
        />
        <Text size="xs" c="dimmed">
          {t('integrations.linkForUserHint')}
        </Text>
      </Stack>
    );
  return (
    <Group gap="xs">
      <Button
        size="sm"
        variant="default"
        loading={make.isPending}
        onClick={() =>
          make.mutate(
            { service, userId },
            { onError: (err) => toast.error(err instanceof Error ? err.message : String(err)) },
          )
        }
      >
        {t('integrations.linkForUser', { service: label })}
      </Button>
    </Group>
  );
}

/**
 * A user's calendar links in the user settings, for a role above 4999 (spec 000 section 6): unlink, and for a
 * calendar not linked yet a link the user opens to link it themselves (getAuthUrlForUser).
 */
export function UserCalendarLinks({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const links = useUserIntegrations(userId);
  const offered = useOfferedCalendars();
  const calendars = (links.data ?? []).filter((i) =>
    (CALENDAR_SERVICES as readonly string[]).includes(i.service),
  );
  const unlinked = (offered.data ?? []).filter(
    (s) => links.data && !calendars.some((i) => i.service === s && i.status === 'active'),
  );
  return (
    <Stack gap={4} aria-label={t('integrations.calendarTitle')} component="section">
      <Text fw={600} size="sm">
        {t('integrations.calendarTitle')}
      </Text>
      {links.isPending && <Loader size="xs" aria-label={t('app.loading')} />}
      {links.data && calendars.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('integrations.noCalendars')}
        </Text>
      )}
      {calendars.map((i) => (
        <CalendarRow key={i.id} service={i.service as CalendarService} linked={i} canLink={false} />
      ))}
      {unlinked.map((service) => (
        <LinkForUser key={service} service={service} userId={userId} />
      ))}
    </Stack>
  );
}
