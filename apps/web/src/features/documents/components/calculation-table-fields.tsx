import {
  CALCULATION_COLUMN_HEADERS,
  CALCULATION_COLUMN_LABELS,
  CALCULATION_COLUMNS,
  CALCULATION_ROW_LABELS,
  CALCULATION_ROWS,
  DEFAULT_WIDGET_COLUMNS,
  DEFAULT_WIDGET_ROWS,
  type DocumentWidget,
} from '@im/domain';
import { Checkbox, Fieldset, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Columns = DocumentWidget['calculationitemColumns'];
type Rows = DocumentWidget['calculationitemRows'];

/**
 * Every column once: the widget's own in their order, then the ones it does not have yet (off). A
 * widget without columns shows the defaults (as the renderer does), so those start ticked.
 */
export function completeColumns(stored: Columns): Columns {
  const columns: Columns = stored.length
    ? stored
    : DEFAULT_WIDGET_COLUMNS.map((tag) => ({
        tag,
        description: CALCULATION_COLUMN_HEADERS[tag],
        selected: true,
      }));
  const missing = CALCULATION_COLUMNS.filter((tag) => !columns.some((c) => c.tag === tag));
  return [
    ...columns,
    ...missing.map((tag) => ({ tag, description: CALCULATION_COLUMN_HEADERS[tag], selected: false })),
  ];
}

export function completeRows(stored: Rows): Rows {
  const rows: Rows = stored.length
    ? stored
    : DEFAULT_WIDGET_ROWS.map((tag) => ({ tag, description: CALCULATION_ROW_LABELS[tag], selected: true }));
  const missing = CALCULATION_ROWS.filter((tag) => !rows.some((r) => r.tag === tag));
  return [
    ...rows,
    ...missing.map((tag) => ({ tag, description: CALCULATION_ROW_LABELS[tag], selected: false })),
  ];
}

interface Props {
  columns: Columns;
  rows: Rows;
  onColumns: (columns: Columns) => void;
  onRows: (rows: Rows) => void;
  error?: string;
}

/** The columns and total rows a calculation widget shows (their order is kept). */
export function CalculationTableFields({ columns, rows, onColumns, onRows, error }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Fieldset legend={t('documents.columns')} variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} verticalSpacing={6}>
          {columns.map((column) => (
            <Checkbox
              key={column.tag}
              label={CALCULATION_COLUMN_LABELS[column.tag]}
              checked={column.selected}
              onChange={(event) => {
                const selected = event.currentTarget.checked;
                onColumns(columns.map((c) => (c.tag === column.tag ? { ...c, selected } : c)));
              }}
            />
          ))}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('documents.rows')} variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} verticalSpacing={6}>
          {rows.map((row) => (
            <Checkbox
              key={row.tag}
              label={CALCULATION_ROW_LABELS[row.tag]}
              checked={row.selected}
              onChange={(event) => {
                const selected = event.currentTarget.checked;
                onRows(rows.map((r) => (r.tag === row.tag ? { ...r, selected } : r)));
              }}
            />
          ))}
        </SimpleGrid>
        {error && (
          <Text size="sm" c="red.8" mt={4}>
            {error}
          </Text>
        )}
      </Fieldset>
    </>
  );
}
