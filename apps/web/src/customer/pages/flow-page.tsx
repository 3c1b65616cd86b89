import {
  CUSTOMER_OPEN_FORM_DELAY_MS,
  CUSTOMER_TEXTS,
  type CustomerDossier,
  DOCUMENT_KIND_LABELS,
} from '@im/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { brandOfCompany, Frame, useTitle } from '../brand';
import { firstReadPath } from '../first-read';
import { formatDate, formatVisit } from '../format';
import { BreakingError, breakingErrorText, isTransient } from '../parts/breaking-error';
import { QuestionsPanel } from '../parts/conversation';
import { FlowFiles } from '../parts/flow-files';
import { Incidents } from '../parts/incidents';
import { Timeline } from '../parts/timeline';
import {
  type CustomerLocation,
  customerHref,
  customerPath,
  navigate,
  stayOnDossier,
  staysOnDossier,
} from '../router';
import { TX } from '../texts';
import { Badge, Button, Loading, Modal, Section, useDelayed } from '../ui';
import { useLoad } from '../use-load';

const FormModal = lazy(() => import('../modals/form-modal'));

const FLOW_ERRORS = { notFound: CUSTOMER_TEXTS.flowNotFound, gone: CUSTOMER_TEXTS.flowGone };

/**
 * /customer_flow_detail/{flowHash}: the customer's dossier. With exactly one visible document the
 * page goes there at once (spec 002 section 4); `questions` opens the questions panel after 2000 ms,
 * `withOpenForm` the first form still to fill in after 750 ms.
 */
export function FlowPage({ location }: { location: CustomerLocation }) {
  const { hash, options } = location;
  const dossier = useLoad<CustomerDossier>(firstReadPath(location));
  const d = dossier.data;
  const [cameBack] = useState(() => staysOnDossier(hash));
  const redirect = d?.redirect && !options.withOpenForm && !cameBack ? d.redirect : null;

  useEffect(() => {
    if (!redirect) return;
    stayOnDossier(hash);
    navigate(customerPath(redirect.kind, redirect.hash, { questions: options.questions }), true);
  }, [redirect, hash, options.questions]);

  useTitle(d ? `${TX.dossier(d.number)} · ${d.company.name}` : null);

  if (dossier.error !== undefined && !d)
    return (
      <BreakingError
        message={breakingErrorText(dossier.error, FLOW_ERRORS)}
        onRetry={isTransient(dossier.error) ? dossier.reload : undefined}
      />
    );
  if (!d || redirect)
    return (
      <Frame brand={d ? brandOfCompany(d.company) : null}>
        <Loading />
      </Frame>
    );
  return (
    <Frame brand={brandOfCompany(d.company)}>
      <div className="c-card c-intro">
        <h1 className="c-title">{TX.dossier(d.number)}</h1>
        {d.title && <p>{d.title}</p>}
        <p className="c-muted">{TX.forCustomer(d.relation.fullname)}</p>
      </div>
      <Timeline steps={d.timeline} />
      <Documents documents={d.documents} />
      <Forms dossier={d} flowHash={hash} openFirst={Boolean(options.withOpenForm)} reload={dossier.reload} />
      <Visits items={d.agendaitems} />
      <QuestionsPanel flowHash={hash} autoOpen={Boolean(options.questions)} unread={d.unread_messages} />
      <FlowFiles flowHash={hash} files={d.flowfiles} onChanged={dossier.reload} />
      <Incidents
        flowHash={hash}
        incidents={d.incidents}
        types={d.incident_types}
        onChanged={dossier.reload}
      />
    </Frame>
  );
}

function Documents({ documents }: { documents: CustomerDossier['documents'] }) {
  return (
    <Section title={TX.documents}>
      {documents.length === 0 ? (
        <p className="c-muted">{TX.noDocuments}</p>
      ) : (
        <ul className="c-list">
          {documents.map((doc) => (
            <li key={`${doc.kind}-${doc.hash}`} className="c-list__item">
              <a href={customerHref(doc.kind, doc.hash)} className="c-strong-link">
                {TX.documentTitle(DOCUMENT_KIND_LABELS[doc.kind].one, doc.number)}
                {doc.title ? `: ${doc.title}` : ''}
              </a>
              <span className="c-row">
                <Badge tone={doc.status === 'approved' || doc.status === 'paid' ? 'green' : 'gray'}>
                  {doc.status_label}
                </Badge>
                {doc.date && <span className="c-muted">{formatDate(doc.date)}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Forms({
  dossier,
  flowHash,
  openFirst,
  reload,
}: {
  dossier: CustomerDossier;
  flowHash: string;
  openFirst: boolean;
  reload: () => Promise<void>;
}) {
  const [open, setOpen] = useState<CustomerDossier['forms'][number] | null>(null);
  const firstOpen = dossier.forms.find((f) => f.status === 'open');
  const timeUp = useDelayed(openFirst && Boolean(firstOpen), CUSTOMER_OPEN_FORM_DELAY_MS);
  const [autoOpened, setAutoOpened] = useState(false);
  useEffect(() => {
    if (timeUp && !autoOpened && firstOpen) {
      setAutoOpened(true);
      setOpen(firstOpen);
    }
  }, [timeUp, autoOpened, firstOpen]);

  if (dossier.forms.length === 0) return null;
  return (
    <Section title={TX.forms}>
      <ul className="c-list">
        {dossier.forms.map((f) => (
          <li key={f.id} className="c-list__item c-row c-row--spread">
            <span>
              <strong>{f.name}</strong>{' '}
              <Badge tone={f.status === 'sent' ? 'green' : 'blue'}>
                {f.status === 'sent' ? TX.formSent : TX.formOpen}
              </Badge>
            </span>
            <Button
              variant={f.status === 'sent' ? 'default' : 'primary'}
              onClick={() => setOpen(f)}
              aria-label={`${f.status === 'sent' ? TX.viewForm : TX.openForm}: ${f.name}`}
            >
              {f.status === 'sent' ? TX.viewForm : TX.openForm}
            </Button>
          </li>
        ))}
      </ul>
      {open && (
        <Suspense
          fallback={
            <Modal title={open.name} onClose={() => setOpen(null)}>
              <Loading />
            </Modal>
          }
        >
          <FormModal
            flowHash={flowHash}
            formId={open.id}
            title={open.name}
            onClose={() => setOpen(null)}
            onChanged={reload}
          />
        </Suspense>
      )}
    </Section>
  );
}

function Visits({ items }: { items: CustomerDossier['agendaitems'] }) {
  return (
    <Section title={TX.visits}>
      {items.length === 0 ? (
        <p className="c-muted">{TX.noVisits}</p>
      ) : (
        <ul className="c-list">
          {items.map((v) => (
            <li key={`${v.start_date}-${v.description}`} className="c-list__item">
              <strong>{formatVisit(v.start_date, v.end_date)}</strong>
              {v.description && <span>{v.description}</span>}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
