import { Button, Grid, Group, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailActions, DetailScreen, useConfirmedDelete } from '../../../ui/detail';
import { DetailMapCard, hasCoordinates } from '../../../ui/map';
import { useSession } from '../../auth';
import { LocationsList } from '../../locations';
import { SetPartnerModal } from '../../partners';
import { ActionsCard, AgendaCard, NotesCard } from '../../planning';
import { OrganizationDetails } from '../components/organization-details';
import { OrganizationRelations } from '../components/organization-relations';
import { EditOrganizationModal } from '../modals/edit-organization.modal';
import { useDeleteOrganization, useOrganization } from '../queries';

export function OrganizationDetailScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().organizationId);
  const organization = useOrganization(id);
  const remove = useDeleteOrganization();
  const confirmDelete = useConfirmedDelete(remove, '/organization_overview');
  const [isEditing, editing] = useDisclosure(false);
  const [isSettingPartner, settingPartner] = useDisclosure(false);
  const session = useSession();

  const onDelete = () =>
    confirmDelete(id, {
      title: t('organizations.deleteTitle'),
      message: t('common.deleteItemConfirm'),
      deleted: t('organizations.deleted'),
    });

  return (
    <DetailScreen
      query={organization}
      back={{ to: '/organization_overview', label: t('organizations.backToOverview') }}
      loadFailedTitle={t('organizations.loadFailedTitle')}
      notFoundMessage={t('organizations.notFound')}
    >
      {(data) => {
        const isOnMap = hasCoordinates(data);
        return (
          <>
            <Group justify="space-between">
              <Title order={1}>{data.name}</Title>
              <Group gap="xs">
                {session.hasModulePartnermanagement && data.relations.length > 0 && (
                  <Button variant="default" onClick={settingPartner.open}>
                    {t('partners.setPartner')}
                  </Button>
                )}
                <DetailActions
                  onEdit={editing.open}
                  onDelete={() => void onDelete()}
                  isDeleting={remove.isPending}
                />
              </Group>
            </Group>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, lg: isOnMap ? 8 : 12 }}>
                <Stack gap="md">
                  <OrganizationDetails organization={data} />
                  <OrganizationRelations organization={data} relations={data.relations} />
                  <LocationsList owner={{ organization_id: data.id }} />
                  <NotesCard owner={{ organization_id: data.id }} />
                  {session.hasModuleBasis && <ActionsCard owner={{ organization_id: data.id }} />}
                  <AgendaCard owner={{ organization_id: data.id }} />
                </Stack>
              </Grid.Col>
              {isOnMap && (
                <Grid.Col span={{ base: 12, lg: 4 }}>
                  {/* Spec 001: the organization's map shows only when lat and lng exist. */}
                  <DetailMapCard item={data} label={data.name} />
                </Grid.Col>
              )}
            </Grid>
            <EditOrganizationModal organization={data} opened={isEditing} onClose={editing.close} />
            <SetPartnerModal
              owner="organization"
              id={data.id}
              name={data.name}
              opened={isSettingPartner}
              onClose={settingPartner.close}
            />
          </>
        );
      }}
    </DetailScreen>
  );
}
