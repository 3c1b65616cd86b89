import type { Note } from '@im/domain';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DetailActions, DetailScreen } from '../../../ui/detail';
import { formatDateTime } from '../../../ui/format';
import { useNoteDelete } from '../components/notes-card';
import { NoteModal } from '../modals/note.modal';
import { useNote } from '../queries';

/** Where a note belongs, and where the screen goes after deleting it (spec 001 section 2). */
export function noteOwnerPath(note: Pick<Note, 'flow_id' | 'relation_id' | 'organization_id'>): string {
  if (note.flow_id) return `/flow_detail/${note.flow_id}`;
  if (note.relation_id) return `/relation_detail/${note.relation_id}`;
  if (note.organization_id) return `/organization_detail/${note.organization_id}`;
  return '/dashboard';
}

export function NoteDetailScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().noteId);
  const note = useNote(id);
  const [isEditing, editing] = useDisclosure(false);
  const onDelete = useNoteDelete(noteOwnerPath);
  const back = note.data ? noteOwnerPath(note.data) : '/dashboard';
  return (
    <DetailScreen
      query={note}
      back={{
        to: back,
        label: back === '/dashboard' ? t('planning.notes.backToDashboard') : t('planning.notes.back'),
      }}
      loadFailedTitle={t('planning.notes.detailTitle')}
      notFoundMessage={t('planning.notes.notFound')}
    >
      {(data) => (
        <Card withBorder padding="lg" maw={900}>
          <Group justify="space-between" align="flex-start" mb="sm">
            <Stack gap={4}>
              <Title order={1} size="h2">
                {t('planning.notes.detailTitle')}
              </Title>
              <Text size="sm" c="dimmed">
                {formatDateTime(data.created_at)}
                {data.user_fullname && ` · ${t('planning.notes.by', { name: data.user_fullname })}`}
              </Text>
            </Stack>
            <DetailActions onEdit={editing.open} onDelete={() => void onDelete(data)} isDeleting={false} />
          </Group>
          {data.sticky && (
            <Badge color="yellow" variant="filled" c="dark" mb="sm">
              {t('planning.notes.sticky')}
            </Badge>
          )}
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{data.content}</Text>
          {noteOwnerPath(data) !== '/dashboard' && (
            <Text size="sm" mt="md">
              {t('planning.notes.owner')}:{' '}
              <Anchor component={Link} to={noteOwnerPath(data)}>
                {data.flow_number !== null
                  ? t('planning.notes.onFlow', { number: data.flow_number })
                  : t('common.open')}
              </Anchor>
            </Text>
          )}
          <NoteModal opened={isEditing} onClose={editing.close} note={data} />
        </Card>
      )}
    </DetailScreen>
  );
}
