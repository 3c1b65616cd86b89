import { type CustomerActivity, type DocumentKind, isSignableKind } from '@im/domain';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { downloadFile } from '../../../api/download';
import { showActionError } from '../../../ui/alert-dialog';
import { AuthedImage } from '../../../ui/files/authed-image';
import { formatDateTime } from '../../../ui/format';
import { kindApi } from '../kinds';
import { customerActivityKey } from '../queries';

/**
 * 'Klant': whether the customer opened the link ("bekeken op ...") and how they answered each sent
 * version, with the evidence of the signature (name, place, time, address, browser, SHA-256) and the
 * signed PDF (decision 024).
 */
export function CustomerActivityCard({ kind, id }: { kind: DocumentKind; id: number }) {
  const { t } = useTranslation();
  const activity = useQuery({
    queryKey: customerActivityKey(kind, id),
    queryFn: ({ signal }) => api.get<CustomerActivity>(kindApi(kind, id, 'customeractivity'), { signal }),
    enabled: isSignableKind(kind),
  });
  if (!isSignableKind(kind)) return null;
  const data = activity.data;
  return (
    <Card withBorder padding="md" component="section" aria-label={t('common.customer')}>
      <Title order={2} size="h4" mb="sm">
        {t('common.customer')}
      </Title>
      {activity.isError && <Alert color="red">{t('documents.customerActivityFailed')}</Alert>}
      {data && (
        <Stack gap="sm">
          <Text size="sm">
            {data.views.last_viewed_at
              ? t('documents.viewedOn', {
                  date: formatDateTime(data.views.last_viewed_at),
                  count: data.views.count,
                })
              : t('documents.notViewed')}
          </Text>
          {data.responses
            .slice()
            .reverse()
            .map((r) => (
              <Stack
                key={r.id}
                gap={4}
                p="sm"
                style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}
              >
                <Group gap="xs" wrap="wrap">
                  <Badge color={r.action === 'approved' ? 'teal.9' : 'red.9'} variant="filled">
                    {r.action === 'approved'
                      ? t('documents.approvedByCustomer')
                      : t('documents.rejectedByCustomer')}
                  </Badge>
                  <Text size="sm" fw={500}>
                    {t('documents.version')} {r.version}
                  </Text>
                  <Text size="sm">{formatDateTime(r.created_at)}</Text>
                </Group>
                <Text size="sm">
                  {[
                    r.signername,
                    r.signatory_name && t('documents.onBehalfOf', { name: r.signatory_name }),
                    r.location,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                {r.additional_message && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    “{r.additional_message}”
                  </Text>
                )}
                {r.signature_url && (
                  <AuthedImage
                    url={r.signature_url}
                    alt={t('documents.signatureOf', { name: r.signername })}
                    maw={280}
                    h={90}
                    fit="contain"
                  />
                )}
                {r.signature_type === 'agreement' && <Text size="sm">{t('documents.agreedByTick')}</Text>}
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('documents.evidence', { ip: r.ip_address, agent: r.user_agent })}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  SHA-256 {r.html_sha256}
                  {r.pdf_sha256 ? ` · PDF ${r.pdf_sha256}` : ''}
                </Text>
                {r.signed_pdf_url && (
                  <Group>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconDownload size={14} />}
                      onClick={() =>
                        downloadFile(r.signed_pdf_url!, 'ondertekend.pdf').catch((e: unknown) =>
                          showActionError(e, t('documents.signedPdfFailed')),
                        )
                      }
                    >
                      {t('documents.signedPdf')}
                    </Button>
                  </Group>
                )}
              </Stack>
            ))}
        </Stack>
      )}
    </Card>
  );
}
