export const typeaheadNl = {
  newEntry: '{{text}} (nieuw)',
  relationPlaceholder: 'Zoek een relatie op naam, adres of e-mail',
  organizationPlaceholder: 'Zoek een organisatie op naam of adres',
};

export const typeaheadEn: typeof typeaheadNl = {
  newEntry: '{{text}} (new)',
  relationPlaceholder: 'Search a relation by name, address or e-mail',
  organizationPlaceholder: 'Search an organization by name or address',
};
