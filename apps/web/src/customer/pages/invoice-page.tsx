import {
  CUSTOMER_DOCUMENT_ERRORS,
  type CustomerInvoice,
  DOCUMENT_STATUS_LABELS,
  INVOICE_TEXTS,
} from '@im/domain';
import { useEffect, useState } from 'react';
import { downloadFile, enc, messageOf } from '../api';
import { brandOfCompany, Frame, useTitle } from '../brand';
import { firstReadPath } from '../first-read';
import { formatMoney } from '../format';
import { Attachments } from '../parts/attachments';
import { BreakingError, breakingErrorText, isTransient } from '../parts/breaking-error';
import { DossierLink } from '../parts/dossier-link';
import { Sheet } from '../parts/sheet';
import type { CustomerLocation } from '../router';
import { TX } from '../texts';
import { Alert, Badge, Button, Loading } from '../ui';
import { useLoad } from '../use-load';

/** After paying, the provider's webhook may arrive a moment later: look again this often. */
const PAYMENT_RETURN_POLL_MS = 3000;

/**
 * What the invoice asks: its amount, or once a part was paid the amount, what was paid and what is
 * still owed (the owed amount largest, decision 044).
 */
function InvoiceAmount({ invoice: d }: { invoice: CustomerInvoice }) {
  if (d.paid_inc === 0 || d.billed_inc < 0)
    return (
      <div className="c-amount">
        <span className="c-muted">{d.billed_inc < 0 ? TX.amountCredit : TX.amount}</span>
        <strong>{formatMoney(d.billed_inc)}</strong>
      </div>
    );
  return (
    <dl className="c-amount c-amount--paid">
      <div>
        <dt className="c-muted">{TX.invoiceAmount}</dt>
        <dd>{formatMoney(d.billed_inc)}</dd>
      </div>
      <div>
        <dt className="c-muted">{TX.paidSoFar}</dt>
        <dd>{formatMoney(d.paid_inc)}</dd>
      </div>
      <div className="c-amount__owed">
        <dt className="c-muted">{TX.stillOwed}</dt>
        <dd>
          <strong>{formatMoney(d.owed_inc)}</strong>
        </dd>
      </div>
    </dl>
  );
}

/**
 * /customer_invoice_detail/{invoiceHash}: the invoice as the customer was sent it, its amount and due
 * label, the PDF, and 'Betalen met iDEAL' while a payment link is open. `paymentCompleted` (the payment
 * provider's return) shows the payment-completed message (spec 002 section 2).
 */
export function InvoicePage({ location }: { location: CustomerLocation }) {
  const { hash, options } = location;
  const isPaymentReturn = Boolean(options.paymentCompleted);
  const [settled, setSettled] = useState(false);
  const invoice = useLoad<CustomerInvoice>(
    firstReadPath(location),
    isPaymentReturn && !settled ? PAYMENT_RETURN_POLL_MS : undefined,
  );
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const d = invoice.data;
  useEffect(() => {
    if (d && d.status !== 'sent') setSettled(true);
  }, [d]);
  const heading = TX.invoice(d?.number ?? null);
  useTitle(d ? `${heading} · ${d.company.name || d.company_name}` : null);

  if (invoice.error !== undefined && !d)
    return (
      <BreakingError
        message={breakingErrorText(invoice.error, CUSTOMER_DOCUMENT_ERRORS.invoice)}
        onRetry={isTransient(invoice.error) ? invoice.reload : undefined}
      />
    );
  if (!d)
    return (
      <Frame brand={null}>
        <Loading />
      </Frame>
    );

  const download = () => {
    setDownloadError(null);
    downloadFile(`/api/invoice/${enc(hash)}/downloadbycustomer`, `${heading}.pdf`).catch((e: unknown) =>
      setDownloadError(messageOf(e)),
    );
  };
  return (
    <Frame brand={brandOfCompany(d.company)}>
      {isPaymentReturn && <Alert tone="success">{INVOICE_TEXTS.paymentCompleted}</Alert>}
      <div className="c-card c-intro">
        {d.flow_hash && (
          <p>
            <DossierLink flowHash={d.flow_hash} />
          </p>
        )}
        <div className="c-row c-row--spread c-row--top">
          <div>
            <div className="c-row">
              <h1 className="c-title">{heading}</h1>
              <Badge tone={d.status === 'paid' ? 'green' : d.due.color === 'red' ? 'red' : 'gray'}>
                {DOCUMENT_STATUS_LABELS[d.status]}
              </Badge>
            </div>
            {d.title && <p>{d.title}</p>}
            <p className={d.due.color === 'red' ? 'c-danger' : 'c-muted'}>{d.due.text}</p>
          </div>
          <InvoiceAmount invoice={d} />
        </div>
        <div className="c-actions c-actions--start">
          {d.payment_url && (
            <a className="c-btn c-btn--primary" href={d.payment_url}>
              {TX.pay}
            </a>
          )}
          {d.has_pdf && <Button onClick={download}>{TX.downloadPdf}</Button>}
        </div>
        {downloadError && <Alert tone="error">{downloadError}</Alert>}
      </div>
      <Attachments attachments={d.attachments} />
      <section className="c-card c-card--sheet" aria-label={TX.sheet('Factuur')}>
        <Sheet html={d.html} title={TX.sheet('Factuur')} />
      </section>
    </Frame>
  );
}
