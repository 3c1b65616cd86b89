import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { getToken } from '../../../api/token';
import { formatDate } from '../../../ui/format';
import { toast } from '../../../ui/toasts';
import type { FileInfo } from '../types';

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

/** Downloads need the bearer token, so a plain link cannot fetch them: fetch, then save the blob. */
async function downloadFile(file: FileInfo): Promise<void> {
  const token = getToken();
  const response = await fetch(file.url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(String(response.status));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = response.headers.get('x-filename') ?? file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function RelationFiles({ files }: { files: FileInfo[] }) {
  const { t } = useTranslation();
  const onDownload = (file: FileInfo) =>
    downloadFile(file).catch(() => toast.error(t('relations.downloadFailed'), file.filename));

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        {t('relations.filesTitle')}
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
