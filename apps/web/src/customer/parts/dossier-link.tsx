import { customerHref, stayOnDossier } from '../router';
import { TX } from '../texts';

/** 'Naar uw dossier': the dossier itself, not the redirect to its one document. */
export function DossierLink({ flowHash }: { flowHash: string }) {
  return (
    <a href={customerHref('flow', flowHash)} onClick={() => stayOnDossier(flowHash)} className="c-back">
      <span aria-hidden="true">← </span>
      {TX.backToDossier}
    </a>
  );
}
