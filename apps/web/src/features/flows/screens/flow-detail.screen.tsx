import type { CustomerViews } from '@im/domain';
import { Alert, Anchor, Button, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink, IconTrashOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { api, isApiError } from '../../../api/client';
import { subscribeLiveEvents } from '../../../api/live';
import { showActionError } from '../../../ui/alert-dialog';
import { hasLoadFailed, RefreshFailedNotice } from '../../../ui/detail';
import { formatDateTime } from '../../../ui/format';
import { toast } from '../../../ui/toasts';
import { useSession } from '../../auth';
import { Conversation, ConversationStateBadge, FlowMails } from '../../communication';
import { FlowActions } from '../components/flow-actions';
import { FlowDossier } from '../components/flow-dossier';
import { FlowHome } from '../components/flow-home';
import { StatusBadge } from '../components/status-badge';
import { recordLastFlow } from '../last-flows';
import { useRestoreFlow } from '../mutations';
import { useFlow } from '../queries';
import type { Flow } from '../types';

// /flow_detail/{flowId}?options (spec 001 section 2). `options` picks the view. The views of later
// issues (logitems, aftercare) open the overview until their content exists.
type View = 'home' | 'dossier' | 'flowcommunicator';

const toView = (options: string | null): View =>
  options === 'dossier' || options === 'flowcommunicator' ? options : 'home';

export function FlowDetailScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().flowId);
  const [params, setParams] = useSearchParams();
  const view = toView(params.get('options'));
  const flow = useFlow(id);
  const { currentcompany_id: companyId, currentuser_id: userId } = useSession();
  const loadedId = flow.data?.id;

  // The app shell refetches the flow on every change; a colleague's change is also said out loud.
  useEffect(
    () =>
      subscribeLiveEvents((event) => {
        if (event.flow_id === id && event.actor_user_id !== userId)
          toast.info(t('flows.detail.changedByOther'));
      }),
    [id, userId, t],
  );

  useEffect(() => {
    if (loadedId) recordLastFlow(companyId, loadedId);
  }, [companyId, loadedId]);

  // Spec 001 section 8: a flow load failure sets a breaking-error state.
  if (hasLoadFailed(flow) || !Number.isInteger(id) || id <= 0) {
    const isGone = !flow.isError || isApiError(flow.error, 404);
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle />}
        title={t('flows.detail.loadFailed')}
        role="alert"
        maw={700}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{isGone ? t('flows.detail.notFound') : flow.error?.message}</Text>
          <Anchor component={Link} to="/flow_overview" size="sm">
            {t('flows.detail.toOverview')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  if (!flow.data) return <Loader aria-label={t('app.loading')} />;

  return (
    <Stack gap="md">
      <RefreshFailedNotice query={flow} />
      <FlowTitle flow={flow.data} />
      {flow.data.deleted_at && <TrashedBanner flow={flow.data} />}
      <Tabs
        value={view}
        onChange={(next) => setParams(next && next !== 'home' ? { options: next } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="home">{t('flows.detail.viewHome')}</Tabs.Tab>
          <Tabs.Tab value="dossier">{t('flows.detail.viewDossier')}</Tabs.Tab>
          <Tabs.Tab value="flowcommunicator" rightSection={<ConversationStateBadge flowId={flow.data.id} />}>
            {t('communication.messages.tab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="home" pt="md">
          <FlowHome flow={flow.data} />
        </Tabs.Panel>
        <Tabs.Panel value="dossier" pt="md">
          <FlowDossier flow={flow.data} />
        </Tabs.Panel>
        <Tabs.Panel value="flowcommunicator" pt="md">
          <Stack gap="lg">
            <Conversation flowId={flow.data.id} isReadOnly={Boolean(flow.data.deleted_at)} />
            <FlowMails flowId={flow.data.id} isReadOnly={Boolean(flow.data.deleted_at)} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function FlowTitle({ flow }: { flow: Flow }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={1}>{t('flows.detail.title', { number: flow.number })}</Title>
          <StatusBadge status={flow.flow_status} />
        </Group>
        <Text>
          <Anchor component={Link} to={`/relation_detail/${flow.relation_id}`} fw={600}>
            {flow.relation_fullname}
          </Anchor>
          {flow.address && ` · ${flow.address}`}
        </Text>
        {flow.description && <Text c="dimmed">{flow.description}</Text>}
        <CustomerViewed flowId={flow.id} />
      </Stack>
      <Group gap="xs">
        <Button
          component="a"
          href={`#/customer_flow_detail/${flow.hash}?preview=1`}
          target="_blank"
          rel="noopener noreferrer"
          variant="default"
          leftSection={<IconExternalLink size={16} />}
        >
          {t('flows.detail.viewAsCustomer')}
        </Button>
        {!flow.deleted_at && <FlowActions flow={flow} />}
      </Group>
    </Group>
  );
}

/** "Bekeken op ...": whether the customer opened the dossier link (every open is recorded). */
function CustomerViewed({ flowId }: { flowId: number }) {
  const { t } = useTranslation();
  const views = useQuery({
    queryKey: ['flow', flowId, 'customerviews'],
    queryFn: ({ signal }) => api.get<CustomerViews>(`/api/flow/${flowId}/customerviews`, { signal }),
  });
  if (!views.data) return null;
  return (
    <Text size="sm" c="dimmed">
      {views.data.last_viewed_at
        ? t('flows.detail.customerViewed', { date: formatDateTime(views.data.last_viewed_at) })
        : t('flows.detail.customerNotViewed')}
    </Text>
  );
}

function TrashedBanner({ flow }: { flow: Flow }) {
  const { t } = useTranslation();
  const restore = useRestoreFlow(flow.id);
  return (
    <Alert color="orange" title={t('flows.detail.trashed')}>
      <Button
        size="xs"
        leftSection={<IconTrashOff size={14} />}
        loading={restore.isPending}
        onClick={() =>
          restore.mutate(undefined, {
            onSuccess: () => toast.success(t('flows.detail.restored')),
            onError: (error) => showActionError(error),
          })
        }
      >
        {t('common.restore')}
      </Button>
    </Alert>
  );
}
