export const mediaPickerNl = {
  title: 'Kies een afbeelding uit de mediabibliotheek',
  search: 'Zoeken op bestandsnaam',
  empty: 'Nog geen afbeeldingen in de mediabibliotheek. Upload ze onder Instellingen › Mediabibliotheek.',
  noResults: 'Geen afbeeldingen gevonden.',
  pick: 'Kies {{name}}',
  open: 'Uit mediabibliotheek',
  insertImage: 'Afbeelding uit mediabibliotheek invoegen',
  loadFailed: 'De mediabibliotheek kon niet worden geladen.',
  page: 'Pagina',
};

export const mediaPickerEn: typeof mediaPickerNl = {
  title: 'Choose a picture from the media library',
  search: 'Search by file name',
  empty: 'No pictures in the media library yet. Upload them under Settings › Media library.',
  noResults: 'No pictures found.',
  pick: 'Choose {{name}}',
  open: 'From media library',
  insertImage: 'Insert a picture from the media library',
  loadFailed: 'The media library could not be loaded.',
  page: 'Page',
};
