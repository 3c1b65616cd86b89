import { Alert, Anchor, Card, Grid, Loader, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertOctagon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { DETAIL_MAP_ZOOM, hasCoordinates, MapView, OVERVIEW_MAP_ZOOM } from '../../../ui/map';
import { toast } from '../../../ui/toasts';
import { LocationsList } from '../../locations';
import { RelationFiles } from '../components/relation-files';
import { RelationFlows } from '../components/relation-flows';
import { RelationHeader } from '../components/relation-header';
import { RelationOrganization } from '../components/relation-organization';
import { RelationStatusBar } from '../components/relation-status-bar';
import { TrashedFlows } from '../components/trashed-flows';
import { CreateFlowModal } from '../modals/create-flow.modal';
import { EditRelationModal } from '../modals/edit-relation.modal';
import { useDeleteRelation, useRelation } from '../queries';

export function RelationDetailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().relationId);
  const relation = useRelation(id);
  const remove = useDeleteRelation();
  const [isEditing, editing] = useDisclosure(false);
  const [isCreatingFlow, creatingFlow] = useDisclosure(false);

  const onDelete = async () => {
    const isConfirmed = await confirm({
      title: t('relations.deleteTitle'),
      message: t('relations.deleteConfirm'),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    // Sent invoices block it: 409 with the spec's text, shown as an alert.
    remove.mutate(id, {
      onSuccess: () => {
        toast.success(t('relations.deleted'));
        navigate('/relation_overview');
      },
      onError: (error) => showActionError(error),
    });
  };

  const back = (
    <Anchor component={Link} to="/relation_overview" size="sm">
      ← {t('relations.backToOverview')}
    </Anchor>
  );
  if (relation.isPending && relation.fetchStatus !== 'idle') return <Loader aria-label={t('app.loading')} />;
  if (relation.isError || !relation.data) {
    // Spec 001 section 8: a relation load failure sets a breaking-error state.
    return (
      <Stack gap="md" maw={900}>
        {back}
        <Alert
          color="red"
          variant="filled"
          icon={<IconAlertOctagon />}
          title={t('relations.loadFailedTitle')}
          role="alert"
        >
          {relation.error && !isApiError(relation.error, 404)
            ? relation.error.message
            : t('relations.notFound')}
        </Alert>
      </Stack>
    );
  }

  const data = relation.data;
  return (
    <Stack gap="md" maw={1400}>
      {back}
      <RelationHeader
        relation={data}
        onEdit={editing.open}
        onDelete={() => void onDelete()}
        isDeleting={remove.isPending}
      />
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          {t('relations.statusBarTitle')}
        </Title>
        <RelationStatusBar status={data.flow_status} />
      </Card>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <RelationFlows
              flows={data.flows}
              // Marking the main flow only tells something when there is more than one.
              mainFlowId={data.flows.length > 1 ? data.flow_id : null}
              onNewFlow={creatingFlow.open}
            />
            <TrashedFlows relationId={data.id} flows={data.trashed_flows} />
            <LocationsList owner={{ relation_id: data.id }} />
            <RelationFiles files={data.files} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <Card withBorder padding={0}>
              <MapView
                center={hasCoordinates(data) ? [data.lat as number, data.lng as number] : null}
                zoom={hasCoordinates(data) ? DETAIL_MAP_ZOOM : OVERVIEW_MAP_ZOOM}
                markers={
                  hasCoordinates(data)
                    ? [{ lat: data.lat as number, lng: data.lng as number, label: data.fullname }]
                    : []
                }
              />
            </Card>
            <RelationOrganization relation={data} />
          </Stack>
        </Grid.Col>
      </Grid>
      <EditRelationModal relation={data} opened={isEditing} onClose={editing.close} />
      <CreateFlowModal relation={data} opened={isCreatingFlow} onClose={creatingFlow.close} />
    </Stack>
  );
}
