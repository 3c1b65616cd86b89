import { FILE_TEXTS, type FileInfo, zRenameFile } from '@im/domain';
import { ActionIcon, Button, Card, FileButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconFile, IconPencil, IconTrash, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { downloadFile } from '../../api/download';
import { showActionError } from '../alert-dialog';
import { confirm } from '../confirm-dialog';
import { formatDate } from '../format';
import { toast } from '../toasts';

// Flow files, assist files and shared flow files: images and PDF only (checked by the server by content).
const ACCEPT = 'image/*,application/pdf';

const isImageOrPdf = (file: File) =>
  !file.type || file.type.startsWith('image/') || file.type === 'application/pdf';

interface FileListCardProps {
  title: string;
  /** A line under the title saying what the files are for. */
  description?: ReactNode;
  files: FileInfo[];
  uploading: boolean;
  onUpload: (file: File) => Promise<unknown>;
  onDelete: (file: FileInfo) => Promise<unknown>;
  /** Renames a file (PATCH {filename}; the server keeps the old extension). Without it: no rename. */
  onRename?: (file: FileInfo, filename: string) => Promise<unknown>;
}

/**
 * A card listing stored files (image or PDF) with upload, download and delete after confirmation;
 * the owner (a flow, the company, a request profile) is the caller's business.
 */
export function FileListCard({
  title,
  description,
  files,
  uploading,
  onUpload,
  onDelete,
  onRename,
}: FileListCardProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ id: number; value: string; error?: string } | null>(null);
  const [renaming, setRenaming] = useState(false);

  const rename = (file: FileInfo) => {
    if (!onRename || !editing) return;
    const parsed = zRenameFile.safeParse({ filename: editing.value });
    if (!parsed.success) {
      setEditing({ ...editing, error: parsed.error.issues[0]?.message ?? FILE_TEXTS.filenameRequired });
      return;
    }
    setRenaming(true);
    onRename(file, parsed.data.filename)
      .then(
        () => {
          setEditing(null);
          toast.success(t('files.renamed'));
        },
        (error: unknown) => showActionError(error),
      )
      .finally(() => setRenaming(false));
  };

  const upload = (file: File | null) => {
    if (!file) return;
    if (!isImageOrPdf(file)) {
      toast.error(t('files.onlyImagesAndPdf'));
      return;
    }
    onUpload(file).then(
      () => toast.success(t('files.uploaded')),
      // 415 and 413 carry the spec's Dutch text; anything else names the file and the error.
      (error: Error) =>
        toast.error(
          isApiError(error, 415) || isApiError(error, 413)
            ? error.message
            : t('files.uploadFailed', { name: file.name, error: error.message }),
        ),
    );
  };

  const remove = async (file: FileInfo) => {
    const isConfirmed = await confirm({
      title: t('common.delete'),
      message: t('common.deleteItemConfirm'),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    onDelete(file).then(
      () => toast.success(t('files.deleted')),
      (error: unknown) => showActionError(error),
    );
  };

  const download = (file: FileInfo) =>
    downloadFile(file.url, file.filename).catch((error: unknown) => showActionError(error));

  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        <FileButton onChange={upload} accept={ACCEPT}>
          {(props) => (
            <Button {...props} size="xs" leftSection={<IconUpload size={14} />} loading={uploading}>
              {t('files.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      {files.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('files.empty')}
        </Text>
      )}
      <Stack gap={4}>
        {files.map((file) =>
          editing?.id === file.id ? (
            <form
              key={file.id}
              onSubmit={(event) => {
                event.preventDefault();
                rename(file);
              }}
            >
              <Group gap="xs" align="flex-start" wrap="wrap">
                <TextInput
                  size="xs"
                  style={{ flex: '1 1 12rem' }}
                  label={t('files.renameLabel')}
                  value={editing.value}
                  error={editing.error}
                  data-autofocus
                  autoFocus
                  onChange={(event) => setEditing({ id: file.id, value: event.currentTarget.value })}
                  onKeyDown={(event) => {
                    if (event.key === 'Escape') setEditing(null);
                  }}
                />
                <Group gap="xs" mt={22}>
                  <Button size="xs" type="submit" loading={renaming}>
                    {t('common.save')}
                  </Button>
                  <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                    {t('common.cancel')}
                  </Button>
                </Group>
              </Group>
            </form>
          ) : (
            <Group key={file.id} justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconFile size={16} />
                <Text size="sm" truncate>
                  {file.filename}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(file.created_at)} · {Math.max(1, Math.round(file.size / 1024))} kB
                </Text>
              </Group>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={t('files.download', { name: file.filename })}
                  onClick={() => void download(file)}
                >
                  <IconDownload size={16} />
                </ActionIcon>
                {onRename && (
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={t('files.rename', { name: file.filename })}
                    onClick={() => setEditing({ id: file.id, value: file.filename })}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                )}
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  color="red"
                  aria-label={t('files.remove', { name: file.filename })}
                  onClick={() => void remove(file)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
          ),
        )}
      </Stack>
    </Card>
  );
}
