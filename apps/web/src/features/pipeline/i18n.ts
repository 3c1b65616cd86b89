// Texts of the pipeline board, hooked into the app catalogs as `pipeline`.
export const nl = {
  title: 'Pijplijn',
  limit: 'Per kolom',
  sort: 'Sortering',
  total: '{{count}} dossiers',
  emptyColumn: 'Geen dossiers',
  columns: 'Kolommen',
  scrollLeft: 'Vorige kolommen',
  scrollRight: 'Volgende kolommen ({{count}} meer)',
  dragInstructions:
    'Druk op spatie of Enter om een kaart op te pakken, verplaats met de pijltjestoetsen en zet neer met spatie of Enter. Escape annuleert.',
  filters: { user: 'Gebruiker', leadSource: 'Leadbron', tag: 'Tag' },
  card: {
    unread: 'Ongelezen',
    daysInStage_one: '{{count}} dag in fase',
    daysInStage_other: '{{count}} dagen in fase',
  },
  sorts: {
    updated_desc: 'Gewijzigd (nieuw → oud)',
    updated_asc: 'Gewijzigd (oud → nieuw)',
    created_desc: 'Aangemaakt (nieuw → oud)',
    created_asc: 'Aangemaakt (oud → nieuw)',
    flowstage_asc: 'In fase sinds (oud → nieuw)',
    flowstage_desc: 'In fase sinds (nieuw → oud)',
    turnover_desc: 'Gewogen omzet (hoog → laag)',
    turnover_asc: 'Gewogen omzet (laag → hoog)',
    name_asc: 'Naam (A → Z)',
    name_desc: 'Naam (Z → A)',
  },
};

export const en: typeof nl = {
  title: 'Pipeline',
  limit: 'Per column',
  sort: 'Sort',
  total: '{{count}} case files',
  emptyColumn: 'No case files',
  columns: 'Columns',
  scrollLeft: 'Previous columns',
  scrollRight: 'Next columns ({{count}} more)',
  dragInstructions:
    'Press space or Enter to pick up a card, move it with the arrow keys and drop it with space or Enter. Escape cancels.',
  filters: { user: 'User', leadSource: 'Lead source', tag: 'Tag' },
  card: {
    unread: 'Unread',
    daysInStage_one: '{{count}} day in stage',
    daysInStage_other: '{{count}} days in stage',
  },
  sorts: {
    updated_desc: 'Changed (new → old)',
    updated_asc: 'Changed (old → new)',
    created_desc: 'Created (new → old)',
    created_asc: 'Created (old → new)',
    flowstage_asc: 'In stage since (old → new)',
    flowstage_desc: 'In stage since (new → old)',
    turnover_desc: 'Weighted turnover (high → low)',
    turnover_asc: 'Weighted turnover (low → high)',
    name_asc: 'Name (A → Z)',
    name_desc: 'Name (Z → A)',
  },
};
