import { NOTE_PREVIEW_LENGTH, type Note, shorten } from '@im/domain';
import { ActionIcon, Anchor, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPin, IconPinnedOff, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isFor, useOutboxItems } from '../../../api/use-outbox';
import { showActionError } from '../../../ui/alert-dialog';
import { useConfirmedDelete } from '../../../ui/detail';
import { formatDateTime } from '../../../ui/format';
import { ListCard } from '../../../ui/list-card';
import { NoteModal } from '../modals/note.modal';
import { type PlanningOwner, useDeleteNote, useNotes, useSaveNote } from '../queries';

/** Asks, deletes and tells: the one delete flow of a note; `afterDelete` where to go next. */
export function useNoteDelete(afterDelete?: (note: Note) => string) {
  const { t } = useTranslation();
  const confirmDelete = useConfirmedDelete<Note>(useDeleteNote(), afterDelete);
  return (note: Note) =>
    confirmDelete(note, {
      title: t('planning.notes.deleteTitle'),
      message: t('common.deleteItemConfirm'),
      deleted: t('planning.notes.deleted'),
    });
}

/**
 * The notes of a relation (with its flows'), organization or flow: pinned ones first. `isShortened`
 * cuts long notes at 256 characters plus an ellipsis (relation detail, spec 001 section 2).
 */
export function NotesCard({
  owner,
  isShortened = false,
  isReadOnly = false,
  title,
}: {
  owner: PlanningOwner;
  isShortened?: boolean;
  isReadOnly?: boolean;
  title?: string;
}) {
  const { t } = useTranslation();
  const notes = useNotes(owner);
  // New notes made without a connection, shown from the device until the server has them (decision 069).
  const waiting = useOutboxItems('note').filter((item) => isFor(item, owner));
  const save = useSaveNote();
  const onDelete = useNoteDelete();
  // undefined: closed; null: a new note; a note: edit it.
  const [editing, setEditing] = useState<Note | null | undefined>(undefined);
  const togglePin = (note: Note) =>
    save.mutate({ id: note.id, sticky: !note.sticky }, { onError: (error) => showActionError(error) });

  return (
    <ListCard
      title={title ?? t('planning.notes.title')}
      add={isReadOnly ? undefined : { label: t('planning.notes.new'), onClick: () => setEditing(null) }}
      error={notes.isError && t('planning.notes.loadFailed')}
      isLoading={notes.isPending}
      emptyText={notes.data?.length === 0 && waiting.length === 0 && t('planning.notes.empty')}
      after={
        <NoteModal
          opened={editing !== undefined}
          onClose={() => setEditing(undefined)}
          owner={owner}
          note={editing}
        />
      }
    >
      {waiting.map((item) => (
        <Card key={item.key} withBorder padding="sm" data-testid="waiting-note">
          <Stack gap={4}>
            <Badge size="xs" color={item.refused ? 'red' : 'gray'} variant="light">
              {t('connection.waitingItem')}
            </Badge>
            {item.refused && (
              <Text size="xs" c="red.8">
                {item.refused}
              </Text>
            )}
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {String(item.body.content ?? '')}
            </Text>
          </Stack>
        </Card>
      ))}
      {notes.data?.map((note) => (
        <Card key={note.id} withBorder padding="sm" bg={note.sticky ? 'yellow.0' : undefined}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
              <Group gap="xs">
                {note.sticky && (
                  <Badge size="xs" color="yellow" variant="filled" c="dark">
                    {t('planning.notes.sticky')}
                  </Badge>
                )}
                {note.flow_number !== null && !('flow_id' in owner) && (
                  <Anchor component={Link} to={`/flow_detail/${note.flow_id}`} size="xs">
                    {t('planning.notes.onFlow', { number: note.flow_number })}
                  </Anchor>
                )}
                <Text size="xs" c="dimmed">
                  {formatDateTime(note.created_at)}
                  {note.user_fullname && ` · ${t('planning.notes.by', { name: note.user_fullname })}`}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {isShortened ? shorten(note.content, NOTE_PREVIEW_LENGTH) : note.content}
              </Text>
              <Anchor component={Link} to={`/note_detail/${note.id}`} size="xs">
                {t('common.open')}
              </Anchor>
            </Stack>
            {!isReadOnly && (
              <Group gap={2} wrap="nowrap">
                <Tooltip label={note.sticky ? t('planning.notes.unpin') : t('planning.notes.pin')}>
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={note.sticky ? t('planning.notes.unpin') : t('planning.notes.pin')}
                    onClick={() => togglePin(note)}
                  >
                    {note.sticky ? <IconPinnedOff size={18} /> : <IconPin size={18} />}
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('common.edit')}>
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={t('common.edit')}
                    onClick={() => setEditing(note)}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('common.delete')}>
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    color="red"
                    aria-label={t('common.delete')}
                    onClick={() => void onDelete(note)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            )}
          </Group>
        </Card>
      ))}
    </ListCard>
  );
}
