/**
 * Spec 001 section 2: a link to a linked object goes to the detail screen of its kind, with a
 * parameter named after the kind followed by Id. Null for kinds without a screen here.
 */
export function recordPath(kind: string, id: number | null): string | null {
  if (id === null) return null;
  switch (kind) {
    case 'relation':
      return `/relation_detail/${id}`;
    case 'organization':
      return `/organization_detail/${id}`;
    case 'flow':
      return `/flow_detail/${id}`;
    case 'note':
      return `/note_detail/${id}`;
    case 'agendaitem':
      return `/agendaitem_detail/${id}`;
    case 'product':
      return `/product_detail/${id}`;
    case 'company':
      return `/company_detail/${id}`;
    default:
      return null;
  }
}
