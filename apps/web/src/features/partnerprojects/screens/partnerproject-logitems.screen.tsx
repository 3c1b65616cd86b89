import { Card, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailScreen } from '../../../ui/detail';
import { formatDateTime } from '../../../ui/format';
import { useIsPhone } from '../../../ui/responsive';
import { useProjectWithLogItems } from '../queries';

/** /partnerproject_logitems/:partnerProjectId (PARTNERMANAGEMENT): the project's log, newest first. */
export function PartnerProjectLogItemsScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().partnerProjectId);
  const query = useProjectWithLogItems(id);
  const isPhone = useIsPhone();
  return (
    <DetailScreen
      query={query}
      back={{
        to: query.data ? `/partner_detail/${query.data.partner_id}` : '/partner_overview',
        label: query.data?.partner_name ?? t('partnerprojects.backToPartner'),
      }}
      loadFailedTitle={t('partnerprojects.loadFailedTitle')}
      notFoundMessage={t('partnerprojects.notFound')}
    >
      {(data) => (
        <Card withBorder padding="md">
          <Title order={1} size="h3" mb="sm">
            {t('partnerprojects.logItemsTitle', { label: data.label })}
          </Title>
          {data.logitems.length === 0 && <Text c="dimmed">{t('partnerprojects.noLogItems')}</Text>}
          {data.logitems.length > 0 && (
            <Table verticalSpacing="xs" layout={isPhone ? 'fixed' : undefined}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={isPhone ? 110 : 170}>{t('partnerprojects.when')}</Table.Th>
                  {!isPhone && <Table.Th w={180}>{t('partnerprojects.who')}</Table.Th>}
                  <Table.Th>{t('partnerprojects.what')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.logitems.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(l.created_at)}</Text>
                    </Table.Td>
                    {!isPhone && <Table.Td>{l.user_fullname ?? '—'}</Table.Td>}
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Text size="sm">{l.description}</Text>
                      {isPhone && l.user_fullname && (
                        <Text size="xs" c="dimmed">
                          {l.user_fullname}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      )}
    </DetailScreen>
  );
}
