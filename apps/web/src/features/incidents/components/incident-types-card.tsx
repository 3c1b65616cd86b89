import type { IncidentType } from '@im/domain';
import { ActionIcon, Alert, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmedDelete } from '../../../ui/detail';
import { IncidentTypeModal } from '../modals/incident-type.modal';
import { useDeleteIncidentType, useIncidentTypes } from '../queries';

/** The company's incident types: list, create, edit name and showable_months, delete after confirmation. */
export function IncidentTypesCard() {
  const { t } = useTranslation();
  const types = useIncidentTypes();
  const confirmDelete = useConfirmedDelete(useDeleteIncidentType());
  const [editing, setEditing] = useState<IncidentType | null | undefined>(undefined);

  const onDelete = (type: IncidentType) =>
    confirmDelete(type.id, {
      title: t('incidents.types.deleteTitle'),
      // A type in use: its incidents stay, without type.
      message:
        type.incidents_count > 0
          ? t('incidents.types.deleteInUse', { count: type.incidents_count })
          : t('common.deleteItemConfirm'),
      deleted: t('incidents.types.deleted'),
    });

  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {t('incidents.types.title')}
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => setEditing(null)}
        >
          {t('incidents.types.new')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('incidents.types.intro')}
      </Text>
      {types.isError && <Alert color="red">{t('incidents.types.loadFailed')}</Alert>}
      {types.data?.length === 0 && <Text c="dimmed">{t('incidents.types.empty')}</Text>}
      <Stack gap="xs">
        {types.data?.map((type) => (
          <Group key={type.id} justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {type.name}
              </Text>
              <Text size="xs" c="dimmed">
                {t('incidents.types.showableMonthsShort', { count: type.showable_months })} ·{' '}
                {t('incidents.types.incidentsCount', { count: type.incidents_count })}
              </Text>
            </Stack>
            <Group gap={2} wrap="nowrap">
              <Tooltip label={t('common.edit')}>
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={`${t('common.edit')}: ${type.name}`}
                  onClick={() => setEditing(type)}
                >
                  <IconPencil size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('common.delete')}>
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  color="red"
                  aria-label={`${t('common.delete')}: ${type.name}`}
                  onClick={() => void onDelete(type)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        ))}
      </Stack>
      <IncidentTypeModal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        type={editing}
      />
    </Card>
  );
}
