import { CUSTOMER_TEXTS, type CustomerDossier } from '@im/domain';
import { brandOfCompany, Frame, useTitle } from '../brand';
import { firstReadPath } from '../first-read';
import { BreakingError, breakingErrorText, isTransient } from '../parts/breaking-error';
import { Conversation } from '../parts/conversation';
import { DossierLink } from '../parts/dossier-link';
import type { CustomerLocation } from '../router';
import { TX } from '../texts';
import { Loading } from '../ui';
import { useLoad } from '../use-load';

/** The conversation refreshes this often while the page is open. */
export const COMMUNICATOR_REFRESH_MS = 30_000;

/** /customer_communicator/{flowHash}: the conversation with the installer as a full page. */
export function CommunicatorPage({ location }: { location: CustomerLocation }) {
  const { hash } = location;
  const dossier = useLoad<CustomerDossier>(firstReadPath(location));
  const d = dossier.data;
  useTitle(d ? `${TX.messages} · ${d.company.name}` : null);

  if (dossier.error !== undefined && !d)
    return (
      <BreakingError
        message={breakingErrorText(dossier.error, {
          notFound: CUSTOMER_TEXTS.flowNotFound,
          gone: CUSTOMER_TEXTS.flowGone,
        })}
        onRetry={isTransient(dossier.error) ? dossier.reload : undefined}
      />
    );
  if (!d)
    return (
      <Frame brand={null}>
        <Loading />
      </Frame>
    );
  return (
    <Frame brand={brandOfCompany(d.company)}>
      <div className="c-card">
        <p>
          <DossierLink flowHash={hash} />
        </p>
        <h1 className="c-title">{TX.messages}</h1>
        <p className="c-muted">
          {TX.dossier(d.number)}
          {d.title ? ` · ${d.title}` : ''}
        </p>
        <Conversation flowHash={hash} pollMs={COMMUNICATOR_REFRESH_MS} />
        <p className="c-muted c-small">{TX.refreshNote}</p>
      </div>
    </Frame>
  );
}
