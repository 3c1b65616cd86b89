import { DEFAULT_PAGE_SIZE, formatEuro, type PaymentReminderLevel } from '@im/domain';
import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { FOCUSABLE_SCROLL } from '../../../ui/data-table/focusable-scroll';
import { FullNumberPager } from '../../../ui/data-table/full-number-pager';
import { RecordCards } from '../../../ui/data-table/record-cards';
import { loadTableState, saveTableState, type TableState } from '../../../ui/data-table/table-state';
import { formatDate } from '../../../ui/format';
import { useIsPhone } from '../../../ui/responsive';
import { toast } from '../../../ui/toasts';
import {
  flowPath,
  invoicePath,
  type OverdueInvoiceRow,
  useOverdueInvoices,
  useSendPaymentReminder,
} from '../queries';

const TABLE_KEY = 'overdueinvoice_overview';
const PAGE_SIZE = DEFAULT_PAGE_SIZE;
const INITIAL_STATE: TableState = { page: 1, query: '', sort: null, filters: {} };

/**
 * /overdueinvoice_overview.html (spec 002): sent and expired invoices past their due date that still owe
 * something, oldest due date first (the server's fixed order: no sorting, no search), with what is
 * outstanding over all of them, and per invoice the payment reminder, then the formal notice (decision
 * 031), with when each was sent. The
 * pieces of ServerDataTable (saved page, full-number pager, cards on a phone), because this list's
 * answer carries the total outstanding and an empty list says so in its own words.
 */
export function OverdueInvoiceOverviewScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  const [state, setState] = useState<TableState>(() => loadTableState(TABLE_KEY, INITIAL_STATE));
  const overdue = useOverdueInvoices(state.page, PAGE_SIZE);
  const rows = overdue.data?.data ?? [];
  const total = overdue.data?.pagination.total ?? 0;

  useEffect(() => saveTableState(TABLE_KEY, state), [state]);
  // Invoices got paid meanwhile: go back to the last page that still exists.
  useEffect(() => {
    const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
    if (overdue.isSuccess && state.page > lastPage) setState((s) => ({ ...s, page: lastPage }));
  }, [overdue.isSuccess, total, state.page]);

  const setPage = (page: number) => setState((s) => ({ ...s, page }));
  const open = (row: OverdueInvoiceRow) => navigate(invoicePath(row.id));
  const remind = useSendPaymentReminder();
  const onRemind = async (row: OverdueInvoiceRow, level: PaymentReminderLevel) => {
    const values = { number: row.number ?? row.title, amount: formatEuro(row.owed) };
    const isReminder = level === 'reminder';
    const ok = await confirm({
      title: isReminder ? t('invoices.sendReminder') : t('invoices.sendNotice'),
      message: t(isReminder ? 'invoices.reminderConfirm' : 'invoices.noticeConfirm', values),
    });
    if (!ok) return;
    remind.mutate(
      { id: row.id, level },
      {
        onSuccess: () => toast.success(isReminder ? t('invoices.reminderSent') : t('invoices.noticeSent')),
        onError: (e) => showActionError(e),
      },
    );
  };

  const columns: DataTableColumn<OverdueInvoiceRow>[] = [
    {
      accessor: 'number',
      title: t('invoices.number'),
      render: (row) => (
        <Anchor
          component={Link}
          to={invoicePath(row.id)}
          title={row.title}
          onClick={(event) => event.stopPropagation()}
        >
          {row.number ?? row.title}
        </Anchor>
      ),
    },
    {
      accessor: 'relation_fullname',
      title: t('common.customer'),
      render: (row) => row.relation_fullname ?? '',
    },
    {
      accessor: 'flow_number',
      title: t('invoices.flow'),
      render: (row) =>
        row.flow_id ? (
          <Anchor
            component={Link}
            to={flowPath(row.flow_id)}
            size="sm"
            onClick={(event) => event.stopPropagation()}
          >
            {t('invoices.flowNumber', { number: row.flow_number })}
          </Anchor>
        ) : (
          ''
        ),
    },
    { accessor: 'date_send', title: t('invoices.dateSend'), render: (row) => formatDate(row.date_send) },
    { accessor: 'enddate', title: t('invoices.enddate'), render: (row) => formatDate(row.enddate) },
    {
      accessor: 'days_overdue',
      title: t('invoices.daysOverdue'),
      textAlign: 'right',
      render: (row) => (
        // Shade 8: red text at AA contrast on white (app/theme.ts).
        <Text span size="sm" fw={600} c="red.8" style={{ whiteSpace: 'nowrap' }}>
          {t(row.days_overdue === 1 ? 'invoices.day' : 'invoices.days', { count: row.days_overdue })}
        </Text>
      ),
    },
    {
      accessor: 'billed_inc',
      title: t('common.amountIncVat'),
      textAlign: 'right',
      render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatEuro(row.billed_inc)}</span>,
    },
    {
      accessor: 'owed',
      title: t('common.owed'),
      textAlign: 'right',
      render: (row) => (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          {row.status === 'expired' && (
            <Badge color="red" variant="light" size="sm" c="red.9">
              {t('invoices.statusExpired')}
            </Badge>
          )}
          <Text span size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatEuro(row.owed)}
          </Text>
        </Group>
      ),
    },
    {
      accessor: 'reminder_sent_at',
      title: t('invoices.reminders'),
      render: (row) => (
        <Group gap={6} wrap="wrap" onClick={(event) => event.stopPropagation()}>
          {row.reminder_sent_at && (
            <Text span size="xs" c="dimmed">
              {t('invoices.reminderSentOn', { date: formatDate(row.reminder_sent_at) })}
            </Text>
          )}
          {row.notice_sent_at && (
            <Text span size="xs" c="dimmed">
              {t('invoices.noticeSentOn', { date: formatDate(row.notice_sent_at) })}
            </Text>
          )}
          {!row.notice_sent_at && (
            <Button
              size="compact-sm"
              variant={row.reminder_sent_at ? 'light' : 'default'}
              color={row.reminder_sent_at ? 'red' : undefined}
              leftSection={<IconMailExclamation size={14} />}
              // On a phone's card the label wraps instead of running past the edge.
              styles={{ root: { height: 'auto', minHeight: 30 }, label: { whiteSpace: 'normal' } }}
              loading={remind.isPending && remind.variables?.id === row.id}
              aria-label={`${row.reminder_sent_at ? t('invoices.sendNotice') : t('invoices.sendReminder')} ${row.number ?? row.title}`}
              onClick={() => void onRemind(row, row.reminder_sent_at ? 'notice' : 'reminder')}
            >
              {row.reminder_sent_at ? t('invoices.sendNotice') : t('invoices.sendReminder')}
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md" maw={1400}>
      <Title order={1}>{t('invoices.overdueTitle')}</Title>
      {overdue.data && (
        <Text size="lg" fw={600}>
          {t('invoices.totalOutstanding', { amount: formatEuro(overdue.data.total_outstanding) })}
        </Text>
      )}
      {overdue.isError && (
        <Alert color="red" role="alert">
          {t('ui.tableLoadFailed')}
        </Alert>
      )}
      {isPhone ? (
        <>
          <RecordCards<OverdueInvoiceRow>
            columns={columns}
            records={rows}
            idAccessor="id"
            fetching={overdue.isFetching}
            emptyText={t('invoices.noOverdue')}
            onRowClick={open}
          />
          <FullNumberPager page={state.page} pageSize={PAGE_SIZE} total={total} onPageChange={setPage} />
        </>
      ) : (
        <DataTable<OverdueInvoiceRow>
          scrollAreaProps={FOCUSABLE_SCROLL}
          withTableBorder
          borderRadius="sm"
          minHeight={150}
          highlightOnHover
          columns={columns}
          records={rows}
          idAccessor="id"
          fetching={overdue.isFetching}
          noRecordsText={t('invoices.noOverdue')}
          onRowClick={({ record }) => open(record)}
          page={state.page}
          onPageChange={setPage}
          totalRecords={total}
          recordsPerPage={PAGE_SIZE}
          renderPagination={({ state: pager, actions }) => (
            <FullNumberPager
              page={pager.page}
              pageSize={PAGE_SIZE}
              total={total}
              onPageChange={actions.setPage}
            />
          )}
        />
      )}
    </Stack>
  );
}
