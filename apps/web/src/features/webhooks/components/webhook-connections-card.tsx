import { Anchor, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIsPhone } from '../../../ui/responsive';
import { CreateConnectionModal } from '../modals/create-connection.modal';
import { useWebhookConnections } from '../queries';
import { WebhookStatusBadge } from './webhook-status-badge';

/** The e-mail settings' list of webhook connections (spec 000 section 2); a row opens its detail. */
export function WebhookConnectionsCard() {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const connections = useWebhookConnections();
  const [isCreating, creating] = useDisclosure(false);
  const rows = connections.data ?? [];
  const detailLink = (id: number, name: string) => (
    <Anchor
      component={Link}
      to={`/webhookconnection_detail/${id}`}
      aria-label={t('webhooks.openConnection', { name })}
      style={{ overflowWrap: 'anywhere' }}
    >
      {name}
    </Anchor>
  );
  return (
    <Card withBorder padding="md" component="section" aria-label={t('webhooks.cardTitle')}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <div>
          <Title order={2} size="h4">
            {t('webhooks.cardTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('webhooks.cardIntro')}
          </Text>
        </div>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={creating.open}>
          {t('webhooks.newConnection')}
        </Button>
      </Group>
      {connections.isError ? (
        <Text c="red" size="sm" role="alert">
          {t('webhooks.loadFailed')}
        </Text>
      ) : connections.isPending ? (
        <Loader size="sm" />
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('webhooks.empty')}
        </Text>
      ) : isPhone ? (
        <Stack gap="xs">
          {rows.map((c) => (
            <Card key={c.id} withBorder padding="sm">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                {detailLink(c.id, c.name)}
                <WebhookStatusBadge status={c.status} size="sm" />
              </Group>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {c.method} {c.url}
              </Text>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('common.name')}</Table.Th>
                <Table.Th>{t('webhooks.url')}</Table.Th>
                <Table.Th>{t('common.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{detailLink(c.id, c.name)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text span size="xs" fw={600} mr={6}>
                      {c.method}
                    </Text>
                    {c.url}
                  </Table.Td>
                  <Table.Td>
                    <WebhookStatusBadge status={c.status} size="sm" />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CreateConnectionModal opened={isCreating} onClose={creating.close} />
    </Card>
  );
}
