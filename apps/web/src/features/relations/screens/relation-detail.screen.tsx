import { Button, Card, Grid, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailScreen, useConfirmedDelete } from '../../../ui/detail';
import { DetailMapCard } from '../../../ui/map';
import { useSession } from '../../auth';
import { LocationsList } from '../../locations';
import { SetPartnerModal } from '../../partners';
import { ActionsCard, AgendaCard, NotesCard, RelationTasksCard } from '../../planning';
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
  const id = Number(useParams().relationId);
  const relation = useRelation(id);
  const session = useSession();
  const remove = useDeleteRelation();
  const confirmDelete = useConfirmedDelete(remove, '/relation_overview');
  const [isEditing, editing] = useDisclosure(false);
  const [isCreatingFlow, creatingFlow] = useDisclosure(false);
  const [isSettingPartner, settingPartner] = useDisclosure(false);

  // Sent invoices block it: 409 with the spec's text, shown as an alert.
  const onDelete = () =>
    confirmDelete(id, {
      title: t('relations.deleteTitle'),
      message: t('common.deleteItemConfirm'),
      deleted: t('relations.deleted'),
    });

  return (
    <DetailScreen
      query={relation}
      back={{ to: '/relation_overview', label: t('relations.backToOverview') }}
      loadFailedTitle={t('relations.loadFailedTitle')}
      notFoundMessage={t('relations.notFound')}
    >
      {(data) => (
        <>
          <RelationHeader
            relation={data}
            onEdit={editing.open}
            onDelete={() => void onDelete()}
            isDeleting={remove.isPending}
          />
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="sm">
              {t('common.status')}
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
                <NotesCard owner={{ relation_id: data.id }} isShortened />
                {session.hasModuleBasis && <ActionsCard owner={{ relation_id: data.id }} />}
                <AgendaCard owner={{ relation_id: data.id }} />
                {session.hasModuleBasis && <RelationTasksCard relationId={data.id} />}
                <TrashedFlows relationId={data.id} flows={data.trashed_flows} />
                <LocationsList owner={{ relation_id: data.id }} />
                <RelationFiles files={data.files} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Stack gap="md">
                <DetailMapCard item={data} label={data.fullname} />
                <RelationOrganization relation={data} />
                {session.hasModulePartnermanagement && data.flows.length > 0 && (
                  <Button variant="default" onClick={settingPartner.open}>
                    {t('partners.setPartner')}
                  </Button>
                )}
              </Stack>
            </Grid.Col>
          </Grid>
          <EditRelationModal relation={data} opened={isEditing} onClose={editing.close} />
          <CreateFlowModal relation={data} opened={isCreatingFlow} onClose={creatingFlow.close} />
          <SetPartnerModal
            owner="relation"
            id={data.id}
            name={data.fullname}
            opened={isSettingPartner}
            onClose={settingPartner.close}
          />
        </>
      )}
    </DetailScreen>
  );
}
