import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useIsPhone } from '../responsive';
import { FOCUSABLE_SCROLL } from './focusable-scroll';
import { RecordCards } from './record-cards';

interface ListTableProps<T> {
  records: T[];
  columns: DataTableColumn<T>[];
  fetching?: boolean;
  noRecordsText: string;
  onRowClick?: (record: T) => void;
  idAccessor?: keyof T & string;
}

/**
 * A short list the screen holds whole (no server paging): a table on a desk and a tablet, one card
 * per row on a phone (decision 020), with the same columns either way.
 */
export function ListTable<T>({
  records,
  columns,
  fetching = false,
  noRecordsText,
  onRowClick,
  idAccessor,
}: ListTableProps<T>) {
  const isPhone = useIsPhone();
  if (isPhone)
    return (
      <RecordCards<T>
        columns={columns}
        records={records}
        idAccessor={idAccessor}
        fetching={fetching}
        emptyText={noRecordsText}
        onRowClick={onRowClick}
      />
    );
  return (
    <DataTable<T>
      scrollAreaProps={FOCUSABLE_SCROLL}
      withTableBorder
      borderRadius="sm"
      minHeight={records.length ? undefined : 150}
      highlightOnHover={Boolean(onRowClick)}
      records={records}
      columns={columns}
      idAccessor={idAccessor}
      fetching={fetching}
      noRecordsText={noRecordsText}
      onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
    />
  );
}
