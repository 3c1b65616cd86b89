import { FILE_TEXTS, type MediaFile, zRenameFile } from '@im/domain';
import { ActionIcon, Button, Card, Center, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../api/download';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { AuthedImage } from '../../../ui/files/authed-image';
import { formatDate } from '../../../ui/format';
import { mediaThumbnailUrl } from '../../../ui/media-picker/use-media-files';
import { toast } from '../../../ui/toasts';
import { useDeleteMediaFile, useRenameMediaFile } from '../queries';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} kB`;

/** One file of the media library: its thumbnail (or a PDF mark), name, size, and download, rename, delete. */
export function MediaCard({ file }: { file: MediaFile }) {
  const { t } = useTranslation();
  const rename = useRenameMediaFile();
  const remove = useDeleteMediaFile();
  const [editing, setEditing] = useState<{ value: string; error?: string } | null>(null);

  const saveName = () => {
    if (!editing) return;
    const parsed = zRenameFile.safeParse({ filename: editing.value });
    if (!parsed.success) {
      setEditing({ ...editing, error: parsed.error.issues[0]?.message ?? FILE_TEXTS.filenameRequired });
      return;
    }
    rename.mutate(
      { id: file.id, filename: parsed.data.filename },
      {
        onSuccess: () => {
          setEditing(null);
          toast.success(t('files.renamed'));
        },
        onError: (error) => showActionError(error),
      },
    );
  };

  const onDelete = async () => {
    const isConfirmed = await confirm({
      title: t('mediaLibrary.deleteTitle'),
      message: t('mediaLibrary.deleteMessage'),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    remove.mutate(file.id, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => showActionError(error),
    });
  };

  return (
    <Card withBorder padding="xs" component="li" aria-label={file.filename} style={{ listStyle: 'none' }}>
      <Card.Section>
        {file.is_image ? (
          <AuthedImage url={mediaThumbnailUrl(file.id)} alt={file.filename} h={140} fit="cover" />
        ) : (
          <Center h={140} bg="gray.1" aria-label={t('mediaLibrary.pdf')}>
            <IconFileTypePdf size={48} stroke={1.2} />
          </Center>
        )}
      </Card.Section>
      {editing ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            saveName();
          }}
        >
          <Stack gap={4} mt="xs">
            <TextInput
              size="xs"
              label={t('files.renameLabel')}
              value={editing.value}
              error={editing.error}
              autoFocus
              onChange={(event) => setEditing({ value: event.currentTarget.value })}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setEditing(null);
              }}
            />
            <Group gap="xs">
              <Button size="xs" type="submit" loading={rename.isPending}>
                {t('common.save')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <>
          <Text size="sm" fw={500} mt="xs" truncate title={file.filename}>
            {file.filename}
          </Text>
          <Text size="xs" c="dimmed">
            {[
              file.width && file.height ? `${file.width} × ${file.height}` : null,
              sizeText(file.size),
              formatDate(file.created_at),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Group gap={2} mt={4} justify="flex-end">
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={t('files.download', { name: file.filename })}
              onClick={() =>
                void downloadFile(`/api/mediafile/${file.id}`, file.filename).catch((error: unknown) =>
                  showActionError(error),
                )
              }
            >
              <IconDownload size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={t('files.rename', { name: file.filename })}
              onClick={() => setEditing({ value: file.filename })}
            >
              <IconPencil size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size="lg"
              color="red"
              aria-label={t('files.remove', { name: file.filename })}
              onClick={() => void onDelete()}
              loading={remove.isPending}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </>
      )}
    </Card>
  );
}
