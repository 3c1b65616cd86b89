import { ActionIcon, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFile, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { downloadFile } from '../../../api/download';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { formatDate } from '../../../ui/format';
import { toast } from '../../../ui/toasts';
import { type FileKind, useDeleteFile, useUploadFile } from '../mutations';
import type { FileInfo } from '../types';

// Flow files and assist files: images and PDF only (checked by the server by content).
const ACCEPT = 'image/*,application/pdf';

const isImageOrPdf = (file: File) =>
  !file.type || file.type.startsWith('image/') || file.type === 'application/pdf';

interface FlowFilesProps {
  flowId: number;
  kind: FileKind;
  title: string;
  files: FileInfo[];
}

export function FlowFiles({ flowId, kind, title, files }: FlowFilesProps) {
  const { t } = useTranslation();
  const upload = useUploadFile(flowId, kind);
  const remove = useDeleteFile(flowId, kind);

  const onUpload = (file: File | null) => {
    if (!file) return;
    if (!isImageOrPdf(file)) {
      toast.error(t('flows.files.onlyImagesAndPdf'));
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast.success(t('flows.files.uploaded')),
      // 415 and 413 carry the spec's Dutch text; anything else names the file and the error.
      onError: (error) =>
        toast.error(
          isApiError(error, 415) || isApiError(error, 413)
            ? error.message
            : t('flows.files.uploadFailed', { name: file.name, error: error.message }),
        ),
    });
  };

  const onDelete = async (file: FileInfo) => {
    const isConfirmed = await confirm({
      title: t('common.delete'),
      message: t('flows.files.deleteConfirm'),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    remove.mutate(file.id, {
      onSuccess: () => toast.success(t('flows.files.deleted')),
      onError: (error) => showActionError(error),
    });
  };

  const onDownload = (file: FileInfo) =>
    downloadFile(`/api/${kind}/${file.id}`, file.filename).catch((error: unknown) => showActionError(error));

  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <FileButton onChange={onUpload} accept={ACCEPT}>
          {(props) => (
            <Button {...props} size="xs" leftSection={<IconUpload size={14} />} loading={upload.isPending}>
              {t('flows.files.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      {files.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('flows.files.empty')}
        </Text>
      )}
      <Stack gap={4}>
        {files.map((file) => (
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
                aria-label={t('flows.files.download', { name: file.filename })}
                onClick={() => void onDownload(file)}
              >
                <IconDownload size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('flows.files.remove', { name: file.filename })}
                onClick={() => void onDelete(file)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
