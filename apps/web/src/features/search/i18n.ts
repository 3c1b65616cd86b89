import { NO_SEARCH_RESULTS } from '@im/domain';

// Texts of the global search in the top bar, hooked into the app catalogs as `search`.
export const nl = {
  label: 'Snel zoeken',
  placeholder: 'Zoek dossiers, relaties, organisaties',
  minChars: 'Typ minstens 3 tekens om te zoeken',
  noResults: NO_SEARCH_RESULTS,
  more: 'Meer tonen',
  flows: 'Dossiers',
  relations: 'Relaties',
  organizations: 'Organisaties',
};

export const en: typeof nl = {
  label: 'Quick search',
  placeholder: 'Search case files, relations, organizations',
  minChars: 'Type at least 3 characters to search',
  noResults: 'No results found',
  more: 'Show more',
  flows: 'Case files',
  relations: 'Relations',
  organizations: 'Organizations',
};
