import { Alert, Anchor, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FullNumberPager } from '../../../ui/data-table/full-number-pager';
import { DayPicker, todayInAmsterdam } from '../../../ui/day-picker';
import { formatDate, formatTime } from '../../../ui/format';
import { recordPath } from '../components/record-link';
import { useLogItems } from '../queries';

const PAGE_SIZE = 100;

/** /logitem_overview: the log items of one day, newest first; rows open their record (spec 001 section 2). */
export function LogItemOverviewScreen() {
  const { t } = useTranslation();
  const [date, setDate] = useState(todayInAmsterdam);
  const [page, setPage] = useState(1);
  const items = useLogItems(date, page, PAGE_SIZE);
  const choose = (next: string) => {
    setDate(next);
    setPage(1);
  };
  const total = items.data?.pagination.total ?? 0;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('planning.logitems.title')}
      </Title>
      <DayPicker
        date={date}
        onChange={choose}
        labels={{
          date: t('common.date'),
          previousDay: t('planning.logitems.previousDay'),
          nextDay: t('planning.logitems.nextDay'),
          today: t('common.today'),
        }}
      />
      <Card withBorder padding="md">
        {items.isError && <Alert color="red">{t('planning.logitems.loadFailed')}</Alert>}
        {items.data?.data.length === 0 && <Text c="dimmed">{t('planning.logitems.empty')}</Text>}
        {Boolean(items.data?.data.length) && (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('common.time')}</Table.Th>
                  <Table.Th>{t('planning.logitems.kind')}</Table.Th>
                  <Table.Th>{t('common.description')}</Table.Th>
                  <Table.Th>{t('planning.logitems.user')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.data?.data.map((row) => {
                  const path = row.link ? recordPath(row.link.kind, row.link.id) : null;
                  return (
                    <Table.Tr key={row.id}>
                      <Table.Td title={formatDate(row.created_at)}>{formatTime(row.created_at)}</Table.Td>
                      <Table.Td>
                        {t(`planning.logitems.kinds.${row.loggable_type}`, {
                          defaultValue: row.loggable_type,
                        })}
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        {path ? (
                          <Anchor component={Link} to={path} size="sm">
                            {row.description || row.action}
                          </Anchor>
                        ) : (
                          row.description
                        )}
                      </Table.Td>
                      <Table.Td>{row.user_fullname}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {total > PAGE_SIZE && (
          <Group justify="flex-end" mt="sm">
            <FullNumberPager
              page={page}
              pageSize={PAGE_SIZE}
              total={total}
              capped={false}
              onPageChange={setPage}
            />
          </Group>
        )}
      </Card>
    </Stack>
  );
}
