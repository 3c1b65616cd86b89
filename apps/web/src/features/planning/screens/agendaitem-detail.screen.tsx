import { AGENDA_ITEM_KIND_LABELS } from '@im/domain';
import { Anchor, Box, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DetailActions, DetailField, DetailScreen, useConfirmedDelete } from '../../../ui/detail';
import { formatDateTime } from '../../../ui/format';
import { recordPath } from '../components/record-link';
import { AgendaItemModal } from '../modals/agenda-item.modal';
import { useAgendaItem, useDeleteAgendaItem } from '../queries';

/** /agendaitem_detail/{agendaitemId}: the appointment; after delete back to the calendar. */
export function AgendaItemDetailScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().agendaitemId);
  const item = useAgendaItem(id);
  const remove = useDeleteAgendaItem();
  const confirmDelete = useConfirmedDelete(remove, '/calendar');
  const [isEditing, editing] = useDisclosure(false);
  return (
    <DetailScreen
      query={item}
      back={{ to: '/calendar', label: t('planning.agenda.backToCalendar') }}
      loadFailedTitle={t('planning.agenda.edit')}
      notFoundMessage={t('planning.agenda.notFound')}
    >
      {(data) => {
        const path = recordPath(data.agendaitemable_type, data.agendaitemable_id);
        return (
          <Card withBorder padding="lg" maw={900}>
            <Group justify="space-between" align="flex-start" mb="md">
              <Group gap="sm" wrap="nowrap" align="stretch">
                <Box w={6} style={{ background: data.color, borderRadius: 3 }} aria-hidden />
                <Stack gap={2}>
                  <Title order={1} size="h2">
                    {data.title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {AGENDA_ITEM_KIND_LABELS[data.agendaitemable_type]}
                  </Text>
                </Stack>
              </Group>
              <DetailActions
                onEdit={editing.open}
                onDelete={() =>
                  void confirmDelete(data.id, {
                    title: t('planning.agenda.deleteTitle'),
                    message: t('common.deleteItemConfirm'),
                    deleted: t('planning.agenda.deleted'),
                  })
                }
                isDeleting={remove.isPending}
              />
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <DetailField label={t('common.start')}>{formatDateTime(data.start_date)}</DetailField>
              <DetailField label={t('common.end')}>{formatDateTime(data.end_date)}</DetailField>
              <DetailField label={t('planning.agenda.user')}>
                {data.user_fullname || t('planning.agenda.noUser')}
              </DetailField>
              <DetailField label={t('common.location')}>{data.location}</DetailField>
              <DetailField label={t('planning.agenda.attendees')} multiline>
                {data.attendees}
              </DetailField>
              <DetailField label={t('planning.agenda.linkedTo')}>
                {path ? (
                  <Anchor component={Link} to={path}>
                    {data.link_label || AGENDA_ITEM_KIND_LABELS[data.agendaitemable_type]}
                  </Anchor>
                ) : null}
              </DetailField>
            </SimpleGrid>
            <Box mt="md">
              <DetailField label={t('common.description')} multiline>
                {data.description}
              </DetailField>
            </Box>
            <AgendaItemModal opened={isEditing} onClose={editing.close} item={data} />
          </Card>
        );
      }}
    </DetailScreen>
  );
}
