import { Card, Grid, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { hasModule } from '../../../api/access';
import { DetailActions, DetailField, DetailScreen, useConfirmedDelete } from '../../../ui/detail';
import { formatDate } from '../../../ui/format';
import { useSession } from '../../auth';
import { PartnerProjectList } from '../../partnerprojects';
import { PartnerFlowList } from '../components/partner-flow-list';
import { PartnerUsers } from '../components/partner-users';
import { PartnerModal } from '../modals/partner.modal';
import { useDeletePartner, usePartner } from '../queries';

/** /partner_detail/:partnerId (PARTNERMANAGEMENT): the partner, its users and its flows. */
export function PartnerDetailScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().partnerId);
  const partner = usePartner(id);
  const remove = useDeletePartner();
  const confirmDelete = useConfirmedDelete(remove, '/partner_overview');
  const [isEditing, editing] = useDisclosure(false);
  const session = useSession();

  return (
    <DetailScreen
      query={partner}
      back={{ to: '/partner_overview', label: t('partners.backToOverview') }}
      loadFailedTitle={t('partners.loadFailedTitle')}
      notFoundMessage={t('partners.notFound')}
    >
      {(data) => (
        <>
          <Group justify="space-between">
            <Title order={1}>{data.name}</Title>
            <DetailActions
              onEdit={editing.open}
              onDelete={() =>
                void confirmDelete(id, {
                  title: t('partners.deleteTitle'),
                  message: t('partners.deleteMessage'),
                  deleted: t('partners.deleted'),
                })
              }
              isDeleting={remove.isPending}
            />
          </Group>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Stack gap="md">
                <Card withBorder padding="md">
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                    <DetailField label={t('partners.startDate')}>{formatDate(data.start_date)}</DetailField>
                    <DetailField label={t('partners.endDate')}>{formatDate(data.end_date)}</DetailField>
                    <DetailField label={t('partners.flowprofile')}>
                      {data.flowprofile_name ?? t('partners.none')}
                    </DetailField>
                    <DetailField label={t('partners.flowsCount')}>{data.flows_count}</DetailField>
                  </SimpleGrid>
                </Card>
                <PartnerUsers partner={data} />
                <PartnerProjectList
                  partnerId={data.id}
                  hasCockpit={hasModule(session, 'PROJECTMANAGEMENT')}
                />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <PartnerFlowList
                partnerId={data.id}
                title={t('partners.flowsTitle')}
                emptyText={t('partners.noFlows')}
                hint={t('partners.flowsHint')}
              />
            </Grid.Col>
          </Grid>
          <PartnerModal partner={data} opened={isEditing} onClose={editing.close} />
        </>
      )}
    </DetailScreen>
  );
}
