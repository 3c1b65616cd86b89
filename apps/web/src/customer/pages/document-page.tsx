import {
  CUSTOMER_DOCUMENT_ERRORS,
  type CustomerDocument,
  DOCUMENT_KIND_LABELS,
  type SignableKind,
} from '@im/domain';
import { lazy, Suspense, useState } from 'react';
import { downloadFile, enc, messageOf } from '../api';
import { brandOfCompany, Frame, useTitle } from '../brand';
import { firstReadPath } from '../first-read';
import { formatDate, formatDateTime } from '../format';
import { Attachments } from '../parts/attachments';
import { BreakingError, breakingErrorText, isTransient } from '../parts/breaking-error';
import { QuestionsPanel } from '../parts/conversation';
import { DossierLink } from '../parts/dossier-link';
import { Sheet } from '../parts/sheet';
import type { CustomerLocation } from '../router';
import { TX } from '../texts';
import { Alert, Badge, Button, Loading, Modal } from '../ui';
import { useLoad } from '../use-load';

const AnswerModal = lazy(() => import('../modals/answer-modals'));

/**
 * /customer_quotation_detail, /customer_confirmation_detail and /customer_document_detail: the version
 * the customer was sent, its status and PDF, the attachments and, while open, 'Goedkeuren' and
 * 'Afkeuren'. `questions` opens the questions panel after 2000 ms.
 */
export function DocumentPage({ kind, location }: { kind: SignableKind; location: CustomerLocation }) {
  const { hash, options } = location;
  const doc = useLoad<CustomerDocument>(firstReadPath({ route: kind, hash }));
  const [answering, setAnswering] = useState<'approve' | 'reject' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const d = doc.data;
  const label = DOCUMENT_KIND_LABELS[kind].one;
  const heading = TX.documentTitle(label, d?.number ?? null);
  useTitle(d ? `${heading} · ${d.company.name}` : null);

  if (doc.error !== undefined && !d)
    return (
      <BreakingError
        message={breakingErrorText(doc.error, CUSTOMER_DOCUMENT_ERRORS[kind])}
        onRetry={isTransient(doc.error) ? doc.reload : undefined}
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
    downloadFile(`/api/${kind}/${enc(hash)}/downloadbycustomer`, `${heading}.pdf`).catch((e: unknown) =>
      setDownloadError(messageOf(e)),
    );
  };
  const r = d.response;
  return (
    <Frame brand={brandOfCompany(d.company)}>
      <div className="c-card c-intro">
        {d.flow_hash && (
          <p>
            <DossierLink flowHash={d.flow_hash} />
          </p>
        )}
        <div className="c-row">
          <h1 className="c-title">{heading}</h1>
          <Badge tone={d.status === 'approved' ? 'green' : d.status === 'rejected' ? 'red' : 'gray'}>
            {d.status_label}
          </Badge>
        </div>
        {d.title && <p>{d.title}</p>}
        <dl className="c-facts">
          {d.documentdate && (
            <div>
              <dt>{TX.documentDate}</dt>
              <dd>{formatDate(d.documentdate)}</dd>
            </div>
          )}
          {d.enddate && (
            <div>
              <dt>{TX.validUntil}</dt>
              <dd>{formatDate(d.enddate)}</dd>
            </div>
          )}
        </dl>
        {notice && <Alert tone="success">{notice}</Alert>}
        {r && (
          <div className="c-response">
            <p>
              <strong>
                {r.action === 'approved'
                  ? TX.approvedBy(r.signername, formatDateTime(r.created_at))
                  : TX.rejectedBy(r.signername, formatDateTime(r.created_at))}
              </strong>
            </p>
            {r.signatory_name && <p>{TX.onBehalfOfShort(r.signatory_name)}</p>}
            {r.location && (
              <p>
                {TX.place}: {r.location}
              </p>
            )}
            {r.additional_message && (
              <p className="c-pre">
                {TX.remark}: {r.additional_message}
              </p>
            )}
            {r.action === 'approved' && (
              <p className="c-muted">{r.has_signature ? TX.signedWithSignature : TX.signedWithAgreement}</p>
            )}
          </div>
        )}
        {(d.has_pdf || r?.signed_pdf_url) && (
          <div className="c-actions c-actions--start">
            {d.has_pdf && <Button onClick={download}>{TX.downloadPdf}</Button>}
            {r?.signed_pdf_url && (
              <a className="c-btn c-btn--default" href={r.signed_pdf_url} download>
                {TX.signedPdf}
              </a>
            )}
          </div>
        )}
        {downloadError && <Alert tone="error">{downloadError}</Alert>}
      </div>
      <Attachments attachments={d.attachments} />
      <section className="c-card c-card--sheet" aria-label={TX.sheet(label)}>
        <Sheet html={d.html} title={TX.sheet(label)} />
      </section>
      {d.approval.open && (
        // After the document and stuck to the bottom of the screen while it is read: on a phone the
        // total and 'Goedkeuren' are in view together (decision 038).
        <section className="c-answerbar" aria-label={TX.answerBar}>
          <Button variant="primary" onClick={() => setAnswering('approve')}>
            {TX.approve}
          </Button>
          <Button variant="danger" onClick={() => setAnswering('reject')}>
            {TX.reject}
          </Button>
        </section>
      )}
      {d.flow_hash && <QuestionsPanel flowHash={d.flow_hash} autoOpen={Boolean(options.questions)} />}
      {answering && (
        <Suspense
          fallback={
            <Modal
              title={answering === 'approve' ? TX.approveTitle : TX.rejectTitle}
              onClose={() => setAnswering(null)}
            >
              <Loading />
            </Modal>
          }
        >
          <AnswerModal
            action={answering}
            kind={kind}
            hash={hash}
            approval={d.approval}
            onClose={() => setAnswering(null)}
            onAnswered={(message) => {
              setAnswering(null);
              setNotice(message);
              void doc.reload();
            }}
            onStale={() => void doc.reload()}
          />
        </Suspense>
      )}
    </Frame>
  );
}
