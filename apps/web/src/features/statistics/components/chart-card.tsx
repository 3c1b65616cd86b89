import { Card, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './chart-card.module.css';

export const SERIES_COLORS = [
  'blue.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.7',
  'red.6',
  'lime.8',
  'indigo.6',
  'yellow.8',
  'pink.6',
];

export interface TableData {
  columns: string[];
  rows: (string | number)[][];
}

/**
 * A chart people look at, with what a screen reader says instead (the Dutch summary, shown to everyone
 * as the caption) and the numbers as a table under 'Tabel' (decision 058).
 */
export function ChartCard({
  title,
  summary,
  chart,
  table,
  testId,
}: {
  title: string;
  summary: string;
  chart: ReactNode;
  table: TableData;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`${id}-title`} data-testid={testId}>
      <Stack gap="xs">
        <Title order={3} size="h4" id={`${id}-title`}>
          {title}
        </Title>
        <Text size="sm" c="dimmed" id={`${id}-summary`}>
          {summary}
        </Text>
        <div role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`}>
          {chart}
        </div>
        <details className={classes.details}>
          <summary className={classes.summary}>{t('statistics.table')}</summary>
          <ScrollArea type="auto">
            <Table striped withTableBorder fz="sm" miw={table.columns.length * 90}>
              <Table.Thead>
                <Table.Tr>
                  {table.columns.map((c, i) => (
                    <Table.Th key={c} ta={i === 0 ? 'left' : 'right'} scope="col">
                      {c}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {table.rows.map((row) => (
                  <Table.Tr key={String(row[0])}>
                    {row.map((cell, i) =>
                      i === 0 ? (
                        <Table.Th key={table.columns[i]} scope="row" fw={500}>
                          {cell}
                        </Table.Th>
                      ) : (
                        <Table.Td key={table.columns[i]} ta="right">
                          {cell}
                        </Table.Td>
                      ),
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </details>
      </Stack>
    </Card>
  );
}
