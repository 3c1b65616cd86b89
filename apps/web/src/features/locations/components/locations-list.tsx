import { ActionIcon, Alert, Badge, Button, Card, Group, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { LoadingBlock } from '../../../ui/loading-block';
import { toast } from '../../../ui/toasts';
import { LocationModal } from '../modals/location.modal';
import { useDeleteLocation, useLocations } from '../queries';
import type { Location, LocationOwner } from '../types';

/** The locations of a relation or organization, with create, edit and delete. */
export function LocationsList({ owner }: { owner: LocationOwner }) {
  const { t } = useTranslation();
  const locations = useLocations(owner);
  const remove = useDeleteLocation(owner);
  // undefined: closed; null: a new location; a location: edit it.
  const [editing, setEditing] = useState<Location | null | undefined>(undefined);

  const onDelete = async (location: Location) => {
    const isConfirmed = await confirm({
      title: t('locations.deleteTitle'),
      message: t('common.deleteItemConfirm'),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    remove.mutate(location.id, {
      onSuccess: () => toast.success(t('locations.deleted')),
      onError: (error) => showActionError(error),
    });
  };

  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('locations.title')}
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => setEditing(null)}
        >
          {t('locations.newLocation')}
        </Button>
      </Group>
      <LoadingBlock when={locations.isPending} />
      {locations.isError && <Alert color="red">{t('locations.loadFailed')}</Alert>}
      {locations.data?.length === 0 && <Text c="dimmed">{t('locations.empty')}</Text>}
      {Boolean(locations.data?.length) && (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('common.description')}</Table.Th>
                <Table.Th>{t('locations.type')}</Table.Th>
                <Table.Th>{t('common.address')}</Table.Th>
                <Table.Th aria-label={t('common.actions')} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {locations.data?.map((location) => (
                <Table.Tr key={location.id}>
                  <Table.Td>
                    {location.description}
                    {location.is_main && (
                      <Badge size="xs" variant="light" ml={location.description ? 'xs' : 0}>
                        {t('locations.main')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{location.typeLabel}</Table.Td>
                  <Table.Td>{location.fullAddress}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label={t('common.edit')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`${t('common.edit')}: ${location.fullAddress}`}
                          onClick={() => setEditing(location)}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('common.delete')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`${t('common.delete')}: ${location.fullAddress}`}
                          onClick={() => void onDelete(location)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <LocationModal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        owner={owner}
        location={editing}
      />
    </Card>
  );
}
