import type { SearchHit } from '@im/domain';
import type { TFunction } from 'i18next';

/** Where a hit opens: the record itself, or the place on its flow (the message in the flow's communicator). */
export function hitPath(hit: SearchHit): string {
  const onFlow = (options?: string) =>
    hit.flow_id ? `/flow_detail/${hit.flow_id}${options ? `?options=${options}` : ''}` : null;
  switch (hit.kind) {
    case 'flow':
      return `/flow_detail/${hit.id}`;
    case 'relation':
      return `/relation_detail/${hit.id}`;
    case 'organization':
      return `/organization_detail/${hit.id}`;
    case 'message':
      return onFlow('flowcommunicator') ?? '/communicator';
    case 'note':
      return `/note_detail/${hit.id}`;
    case 'flowdataitem': {
      const form = hit.vertical_id ? `?formId=${hit.vertical_id}` : '';
      if (hit.intake_id) return `/intake_detail/${hit.intake_id}${form}`;
      if (hit.project_id) return `/project_detail/${hit.project_id}${form}`;
      return onFlow('dossier') ?? '/flow_overview';
    }
    case 'incident':
      return onFlow() ?? '/incident_overview';
    case 'quotation':
      return `/quotation_detail/${hit.id}`;
    case 'confirmation':
      return `/confirmation_detail/${hit.id}`;
    case 'document':
      return `/document_detail/${hit.id}`;
    case 'invoice':
      return `/invoice_detail/${hit.id}`;
    case 'task':
      return onFlow() ?? '/task_overview';
    case 'agendaitem':
      return `/agendaitem_detail/${hit.id}`;
  }
}

/** The hit's first line: what it is, in the words of the screens it opens. */
export function hitTitle(t: TFunction, hit: SearchHit): string {
  const number = hit.number ?? '';
  switch (hit.kind) {
    case 'flow':
      return `${t('search.hit.flow', { number: hit.flow_number ?? '' })} · ${hit.title || hit.relation_name || ''}`;
    case 'relation':
    case 'organization':
      return hit.title;
    case 'message':
      return t(hit.sender === 'relation' ? 'search.hit.messageFromCustomer' : 'search.hit.messageFromStaff');
    case 'note':
      return t('search.hit.note');
    case 'flowdataitem':
      return hit.title || t('search.hit.form');
    case 'incident':
      return [t('search.hit.incident'), hit.title].filter(Boolean).join(' · ');
    case 'quotation':
    case 'confirmation':
      return [t(`search.hit.${hit.kind}`, { number }).trim(), hit.title].filter(Boolean).join(' · ');
    case 'invoice':
      return [hit.number ? t('search.hit.invoice', { number }) : t('search.hit.draftInvoice'), hit.title]
        .filter(Boolean)
        .join(' · ');
    case 'document':
      return hit.title || t('search.hit.document');
    case 'task':
      return t('search.hit.task');
    case 'agendaitem':
      return hit.title || t('search.hit.agendaitem');
  }
}

/** The hit's context: the flow and customer it belongs to (nothing for a flow or relation itself). */
export function hitContext(t: TFunction, hit: SearchHit): string {
  if (hit.kind === 'flow' || hit.kind === 'relation' || hit.kind === 'organization') return '';
  const flow = hit.flow_number !== null ? t('search.hit.flow', { number: hit.flow_number }) : null;
  return [flow, hit.relation_name, hit.relation_name ? null : hit.organization_name]
    .filter(Boolean)
    .join(' · ');
}
