import type { AgendaItem } from '@im/domain';
import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatTime } from '../../../ui/format';
import { ListCard } from '../../../ui/list-card';
import { AgendaItemModal } from '../modals/agenda-item.modal';
import { type PlanningOwner, useAgendaForRecord } from '../queries';

/** The colour bar and the linked kind of an item, so the colour is never the only cue. */
export function AgendaItemLine({ item }: { item: AgendaItem }) {
  return (
    <Group gap="sm" wrap="nowrap" align="stretch">
      <Box w={4} style={{ background: item.color, borderRadius: 2, flexShrink: 0 }} aria-hidden />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={`/agendaitem_detail/${item.id}`} size="sm" fw={500}>
          {item.title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {formatDateTime(item.start_date)} – {formatTime(item.end_date)}
          {item.user_fullname && ` · ${item.user_fullname}`}
          {item.location && ` · ${item.location}`}
        </Text>
      </Stack>
    </Group>
  );
}

/** The agenda items of a relation (with its flows'), organization or flow, newest first. */
export function AgendaCard({ owner, isReadOnly = false }: { owner: PlanningOwner; isReadOnly?: boolean }) {
  const { t } = useTranslation();
  const items = useAgendaForRecord(owner);
  const [isCreating, setCreating] = useState(false);
  return (
    <ListCard
      title={t('planning.agenda.title')}
      add={isReadOnly ? undefined : { label: t('planning.agenda.new'), onClick: () => setCreating(true) }}
      error={items.isError && t('planning.agenda.loadFailed')}
      isLoading={items.isPending}
      emptyText={items.data?.length === 0 && t('planning.agenda.empty')}
      after={<AgendaItemModal opened={isCreating} onClose={() => setCreating(false)} owner={owner} />}
    >
      {items.data?.map((item) => (
        <AgendaItemLine key={item.id} item={item} />
      ))}
    </ListCard>
  );
}
