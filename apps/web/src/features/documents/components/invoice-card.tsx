import {
  DOCUMENT_STATUS_LABELS,
  type InvoiceInfo,
  PARTIAL_INVOICE_TYPE_LABELS,
  type SalesDocument,
} from '@im/domain';
import { ActionIcon, Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { formatDate, formatMoney } from '../../../ui/format';
import { toast } from '../../../ui/toasts';
import { detailPath } from '../kinds';
import { useDeletePayment } from '../queries';
import { InvoiceReferences } from './invoice-references';
import { TAXED_RATES } from './taxed-rates';

/** Spec 002 section 4: DRAFT, 'betaald', 'oninbaar', days overdue in red, or 'over Nd'. */
export function DueLabelText({ due }: { due: InvoiceInfo['due'] }) {
  return (
    <Text
      span
      size="sm"
      c={due.color === 'red' ? 'red.9' : due.color === 'green' ? 'teal.9' : undefined}
      fw={due.color === 'red' ? 600 : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      {due.text}
    </Text>
  );
}

function Row({ label, value, isStrong }: { label: string; value: string; isStrong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" fw={isStrong ? 600 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={isStrong ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** The payments registered on a sent invoice, what they add up to and what is still owed (decision 031). */
export function PaymentsList({ document }: { document: SalesDocument }) {
  const { t } = useTranslation();
  const remove = useDeletePayment(document.id);
  const inv = document.invoice;
  if (!inv || document.date_send === null || inv.billed.inc <= 0) return null;
  const onDelete = async (payment: InvoiceInfo['payments'][number]) => {
    const ok = await confirm({
      title: t('documents.deletePayment'),
      message: t('documents.deletePaymentConfirm', {
        amount: formatMoney(payment.amount),
        date: formatDate(payment.paid_on),
      }),
      isDanger: true,
      confirmLabel: t('common.delete'),
    });
    if (!ok) return;
    remove.mutate(payment.id, {
      onSuccess: () => toast.success(t('documents.paymentDeleted')),
      onError: (e) => showActionError(e),
    });
  };
  return (
    <Stack gap={4} mt="xs" component="section" aria-label={t('documents.payments')}>
      <Text size="sm" fw={600} c="dimmed">
        {t('documents.payments')}
      </Text>
      {inv.payments.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('documents.noPayments')}
        </Text>
      )}
      {inv.payments.map((p) => (
        <Group key={p.id} justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm">{formatDate(p.paid_on)}</Text>
            <Text size="xs" c="dimmed" truncate>
              {[
                t(
                  p.method === 'mollie'
                    ? 'documents.paymentMethodMollie'
                    : p.method === 'boekhouding'
                      ? 'documents.paymentMethodBoekhouding'
                      : 'documents.paymentMethodHandmatig',
                ),
                p.created_by_name ? t('documents.paymentBy', { name: p.created_by_name }) : null,
                p.note || null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(p.amount)}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`${t('documents.deletePayment')} ${formatDate(p.paid_on)}`}
              onClick={() => void onDelete(p)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
      ))}
      <Row label={t('documents.paidTotal')} value={formatMoney(inv.paid_total)} />
      <Row label={t('common.owed')} value={formatMoney(inv.owed)} isStrong />
    </Stack>
  );
}

/** What the invoice bills, its partial and credit links, its due date and payment (decision 022). */
export function InvoiceCard({ document }: { document: SalesDocument }) {
  const { t } = useTranslation();
  const inv = document.invoice;
  if (!inv) return null;
  const b = inv.billed;
  const typeLabel =
    inv.invoice_type === 'credit'
      ? t('documents.invoiceTypeCredit')
      : inv.partialinvoicetype
        ? PARTIAL_INVOICE_TYPE_LABELS[inv.partialinvoicetype]
        : t('common.invoice');
  return (
    <Card withBorder padding="md" component="section" aria-label={t('common.invoice')}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {typeLabel}
        </Title>
        {!document.is_template && <DueLabelText due={inv.due} />}
      </Group>
      <Stack gap={4}>
        {inv.partialinvoicetype && (
          <>
            <Row label={t('documents.wholeInc')} value={formatMoney(inv.whole_inc)} />
            {inv.partial_value !== null && (
              <Text size="sm" c="dimmed">
                {inv.partialinvoicetype === 'frompercentage'
                  ? t('documents.partialValuePercentage', {
                      value: inv.partial_value.toLocaleString('nl-NL'),
                    })
                  : t('documents.partialValueAmount', { value: formatMoney(inv.partial_value) })}
              </Text>
            )}
          </>
        )}
        <Row label={t('documents.billedExc')} value={formatMoney(b.exc)} />
        {TAXED_RATES.map((rate) =>
          b[`vat_${rate}`] ? (
            <Row key={rate} label={t('documents.vatRate', { rate })} value={formatMoney(b[`vat_${rate}`])} />
          ) : null,
        )}
        {inv.reverse_charge && <Text size="sm">{t('documents.reverseCharge')}</Text>}
        {!document.is_template && <InvoiceReferences document={document} />}
        <Row
          label={b.inc < 0 ? t('documents.billedIncCredit') : t('documents.billedInc')}
          value={formatMoney(b.inc)}
          isStrong
        />
        {inv.date_paid && (
          <Text size="sm" c="teal.9">
            {t('documents.paidOn', { date: formatDate(inv.date_paid) })}
          </Text>
        )}
        {!document.is_template && <PaymentsList document={document} />}
        {inv.payment_url && document.status === 'sent' && (
          <Text size="sm">
            {t('documents.paymentLink')}:{' '}
            <Anchor href={inv.payment_url} target="_blank" rel="noopener noreferrer" size="sm">
              {inv.payment_url}
            </Anchor>
            {inv.payment_status ? ` (${t('documents.paymentStatus', { status: inv.payment_status })})` : ''}
          </Text>
        )}
        {inv.credited_invoice && (
          <Anchor component={Link} to={detailPath('invoice', inv.credited_invoice.id)} size="sm">
            {t('documents.creditOf', { number: inv.credited_invoice.number ?? t('documents.concept') })}
          </Anchor>
        )}
        {inv.credit_invoices.length > 0 && (
          <Stack gap={2} mt="xs">
            <Text size="sm" fw={600} c="dimmed">
              {t('documents.credits')}
            </Text>
            {inv.credit_invoices.map((c) => (
              <Anchor key={c.id} component={Link} to={detailPath('invoice', c.id)} size="sm">
                {`${c.number ?? t('documents.concept')} · ${DOCUMENT_STATUS_LABELS[c.status]}`}
              </Anchor>
            ))}
          </Stack>
        )}
        {inv.partial_parts.length > 1 && (
          <Stack gap={2} mt="xs">
            <Text size="sm" fw={600} c="dimmed">
              {t('documents.parts')}
            </Text>
            {inv.partial_parts.map((p) => (
              <Group key={p.id} justify="space-between" wrap="nowrap" gap="xs">
                {p.id === document.id ? (
                  <Text size="sm">{`${p.number ?? t('documents.concept')} · ${t('documents.thisInvoice')}`}</Text>
                ) : (
                  <Anchor component={Link} to={detailPath('invoice', p.id)} size="sm">
                    {`${p.number ?? t('documents.concept')} · ${p.partialinvoicetype ? PARTIAL_INVOICE_TYPE_LABELS[p.partialinvoicetype] : ''} · ${DOCUMENT_STATUS_LABELS[p.status]}`}
                  </Anchor>
                )}
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(p.billed_inc)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
