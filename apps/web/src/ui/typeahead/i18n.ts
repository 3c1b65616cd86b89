import { NO_SEARCH_RESULTS } from '@im/domain';

export const typeaheadNl = {
  newEntry: '{{text}} (nieuw)',
  noResults: NO_SEARCH_RESULTS,
  minChars: 'Typ minstens 3 tekens om te zoeken',
  relationLabel: 'Relatie',
  organizationLabel: 'Organisatie',
  relationPlaceholder: 'Zoek een relatie op naam, adres of e-mail',
  organizationPlaceholder: 'Zoek een organisatie op naam of adres',
};

export const typeaheadEn: typeof typeaheadNl = {
  newEntry: '{{text}} (new)',
  noResults: 'No results found',
  minChars: 'Type at least 3 characters to search',
  relationLabel: 'Relation',
  organizationLabel: 'Organization',
  relationPlaceholder: 'Search a relation by name, address or e-mail',
  organizationPlaceholder: 'Search an organization by name or address',
};
