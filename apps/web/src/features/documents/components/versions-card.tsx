import type { SalesDocument } from '@im/domain';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/format';
import { DocumentStatusBadge } from './document-status-badge';

/** 'Verstuurde versies': every sent (or marked sent) version with its fingerprint. */
export function VersionsCard({ document }: { document: SalesDocument }) {
  const { t } = useTranslation();
  const versions = [...document.versions].sort((a, b) => b.version - a.version);
  return (
    <Card withBorder padding="md" component="section" aria-label={t('documents.versions')}>
      <Title order={2} size="h4" mb="sm">
        {t('documents.versions')}
      </Title>
      {versions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('documents.noVersions')}
        </Text>
      ) : (
        <Stack gap={6}>
          {versions.map((v) => (
            <Group key={v.id} justify="space-between" wrap="wrap" gap={4}>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" fw={500}>
                  {t('documents.version')} {v.version}
                </Text>
                <DocumentStatusBadge status={v.status} />
              </Group>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {[
                  formatDateTime(v.created_at),
                  v.mailed ? t('documents.mailed') : t('documents.markedAsSent'),
                  v.to_email,
                  v.html_sha256.slice(0, 12),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
