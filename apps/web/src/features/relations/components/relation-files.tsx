import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../api/download';
import { formatDate } from '../../../ui/format';
import { toast } from '../../../ui/toasts';
import type { FileInfo } from '../types';

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

export function RelationFiles({ files }: { files: FileInfo[] }) {
  const { t } = useTranslation();
  const onDownload = (file: FileInfo) =>
    downloadFile(file.url, file.filename).catch(() =>
      toast.error(t('relations.downloadFailed'), file.filename),
    );

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        {t('common.files')}
      </Title>
      {files.length === 0 && <Text c="dimmed">{t('relations.noFiles')}</Text>}
      <Stack gap={6}>
        {files.map((file) => (
          <Group key={file.id} gap="xs" wrap="nowrap" justify="space-between">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <IconFile size={16} aria-hidden />
              <Anchor
                href={file.url}
                onClick={(event) => {
                  event.preventDefault();
                  void onDownload(file);
                }}
                truncate
              >
                {file.filename}
              </Anchor>
            </Group>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatSize(file.size)} · {formatDate(file.created_at)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
