// Texts of the global search in the top bar, hooked into the app catalogs as `search`.
export const nl = {
  label: 'Snel zoeken',
  placeholder: 'Zoek dossiers, relaties, organisaties',
  flows: 'Dossiers',
  relations: 'Relaties',
  organizations: 'Organisaties',
};

export const en: typeof nl = {
  label: 'Quick search',
  placeholder: 'Search case files, relations, organizations',
  flows: 'Case files',
  relations: 'Relations',
  organizations: 'Organizations',
};
