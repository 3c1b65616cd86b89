import { splitFullName } from '@im/domain';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { Typeahead, type TypeaheadProps } from './typeahead';

// GET /api/relation/search and /api/organization/search (docs/api/crm.md), 3+ characters, 10 hits.
export interface RelationOption {
  id: number;
  fullname: string;
  address?: string;
  email?: string;
}

/** `id` null: a new organization only named so far; the form that uses it creates it on save. */
export interface OrganizationOption {
  id: number | null;
  name: string;
  address?: string;
}

type Shared<T> = Pick<
  TypeaheadProps<T>,
  'value' | 'onChange' | 'required' | 'error' | 'disabled' | 'description' | 'debounceMs'
> & {
  label?: string;
  /** Default: '(nieuw)' creates it at once (POST). `false` offers no '(nieuw)' entry. */
  onCreate?: ((text: string) => Promise<T> | T) | false;
};

export function searchRelations(query: string, signal: AbortSignal) {
  return api.get<RelationOption[]>('/api/relation/search', { query: { query }, signal });
}

export function searchOrganizations(query: string, signal: AbortSignal) {
  return api.get<OrganizationOption[]>('/api/organization/search', { query: { query }, signal });
}

/** '(nieuw)' on a relation: the typed full name split into name, prefix and surname, without a flow. */
export async function createRelationFromName(
  text: string,
  extra: { organization_id?: number } = {},
): Promise<RelationOption> {
  const created = await api.post<RelationOption>('/api/relation', {
    ...splitFullName(text),
    createnewflow: false,
    ...extra,
  });
  return { id: created.id, fullname: created.fullname, address: created.address, email: created.email };
}

export async function createOrganizationFromName(text: string): Promise<OrganizationOption> {
  const created = await api.post<OrganizationOption>('/api/organization', { name: text });
  return { id: created.id, name: created.name, address: created.address };
}

export function RelationTypeahead({ label, onCreate, ...props }: Shared<RelationOption>) {
  const { t } = useTranslation();
  return (
    <Typeahead<RelationOption>
      {...props}
      label={label ?? t('common.relation')}
      placeholder={t('typeahead.relationPlaceholder')}
      searchKey="relation"
      search={searchRelations}
      getKey={(r) => String(r.id)}
      getLabel={(r) => r.fullname}
      getDescription={(r) => [r.address, r.email].filter(Boolean).join(' · ')}
      onCreate={onCreate === false ? undefined : (onCreate ?? ((text) => createRelationFromName(text)))}
    />
  );
}

export function OrganizationTypeahead({ label, onCreate, ...props }: Shared<OrganizationOption>) {
  const { t } = useTranslation();
  return (
    <Typeahead<OrganizationOption>
      {...props}
      label={label ?? t('common.organization')}
      placeholder={t('typeahead.organizationPlaceholder')}
      searchKey="organization"
      search={searchOrganizations}
      getKey={(o) => String(o.id ?? `new:${o.name}`)}
      getLabel={(o) => o.name}
      getDescription={(o) => o.address}
      onCreate={onCreate === false ? undefined : (onCreate ?? createOrganizationFromName)}
    />
  );
}
