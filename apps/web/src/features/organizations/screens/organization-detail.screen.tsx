import { Alert, Anchor, Button, Card, Grid, Group, Loader, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertOctagon, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { DETAIL_MAP_ZOOM, hasCoordinates, MapView } from '../../../ui/map';
import { toast } from '../../../ui/toasts';
import { LocationsList } from '../../locations';
import { OrganizationDetails } from '../components/organization-details';
import { OrganizationRelations } from '../components/organization-relations';
import { EditOrganizationModal } from '../modals/edit-organization.modal';
import { useDeleteOrganization, useOrganization } from '../queries';

export function OrganizationDetailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().organizationId);
  const organization = useOrganization(id);
  const remove = useDeleteOrganization();
  const [isEditing, editing] = useDisclosure(false);

  const onDelete = async () => {
    const isConfirmed = await confirm({
      title: t('organizations.deleteTitle'),
      message: t('organizations.deleteConfirm'),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    remove.mutate(id, {
      onSuccess: () => {
        toast.success(t('organizations.deleted'));
        navigate('/organization_overview');
      },
      onError: (error) => showActionError(error),
    });
  };

  const back = (
    <Anchor component={Link} to="/organization_overview" size="sm">
      ← {t('organizations.backToOverview')}
    </Anchor>
  );
  if (organization.isPending && organization.fetchStatus !== 'idle')
    return <Loader aria-label={t('app.loading')} />;
  if (organization.isError || !organization.data) {
    // Spec 001 section 8: an organization load failure sets a breaking-error state.
    return (
      <Stack gap="md" maw={900}>
        {back}
        <Alert
          color="red"
          variant="filled"
          icon={<IconAlertOctagon />}
          title={t('organizations.loadFailedTitle')}
          role="alert"
        >
          {organization.error && !isApiError(organization.error, 404)
            ? organization.error.message
            : t('organizations.notFound')}
        </Alert>
      </Stack>
    );
  }

  const data = organization.data;
  const isOnMap = hasCoordinates(data);
  return (
    <Stack gap="md" maw={1400}>
      {back}
      <Group justify="space-between">
        <Title order={1}>{data.name}</Title>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconPencil size={16} />} onClick={editing.open}>
            {t('common.edit')}
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            onClick={() => void onDelete()}
            loading={remove.isPending}
          >
            {t('common.delete')}
          </Button>
        </Group>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: isOnMap ? 8 : 12 }}>
          <Stack gap="md">
            <OrganizationDetails organization={data} />
            <OrganizationRelations organization={data} relations={data.relations} />
            <LocationsList owner={{ organization_id: data.id }} />
          </Stack>
        </Grid.Col>
        {isOnMap && (
          <Grid.Col span={{ base: 12, lg: 4 }}>
            {/* Spec 001: the organization's map shows only when lat and lng exist. */}
            <Card withBorder padding={0}>
              <MapView
                center={[data.lat as number, data.lng as number]}
                zoom={DETAIL_MAP_ZOOM}
                markers={[{ lat: data.lat as number, lng: data.lng as number, label: data.name }]}
              />
            </Card>
          </Grid.Col>
        )}
      </Grid>
      <EditOrganizationModal organization={data} opened={isEditing} onClose={editing.close} />
    </Stack>
  );
}
