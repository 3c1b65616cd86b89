// Texts of the media library screen (spec 000 sections 2 and 7; decision 064).
export const mediaLibraryNl = {
  title: 'Mediabibliotheek',
  intro:
    'Afbeeldingen en PDF-bestanden van uw bedrijf. Afbeeldingen kiest u in e-mailtemplates en in afbeeldingsblokken van documenten.',
  upload: 'Bestanden uploaden',
  uploading: '{{count}} bestand(en) uploaden…',
  uploaded: '{{name}} is geupload.',
  search: 'Zoeken op bestandsnaam',
  empty: 'Nog geen bestanden. Upload afbeeldingen (JPEG, PNG, WebP, HEIC…) of PDF-bestanden.',
  noResults: 'Geen bestanden gevonden.',
  total_one: '{{count}} bestand',
  total_other: '{{count}} bestanden',
  pdf: 'PDF',
  deleteTitle: 'Bestand verwijderen',
  deleteMessage:
    'Dit bestand verwijderen? Mails die het al verstuurden houden het; e-mailtemplates die het tonen laten het voortaan weg. Documenten hebben een eigen kopie.',
  page: 'Pagina',
  loadFailed: 'De mediabibliotheek kon niet worden geladen.',
};

export const mediaLibraryEn: typeof mediaLibraryNl = {
  title: 'Media library',
  intro:
    "Your company's pictures and PDF files. Pictures can be chosen in mail templates and in document picture blocks.",
  upload: 'Upload files',
  uploading: 'Uploading {{count}} file(s)…',
  uploaded: '{{name}} was uploaded.',
  search: 'Search by file name',
  empty: 'No files yet. Upload pictures (JPEG, PNG, WebP, HEIC…) or PDF files.',
  noResults: 'No files found.',
  total_one: '{{count}} file',
  total_other: '{{count}} files',
  pdf: 'PDF',
  deleteTitle: 'Delete file',
  deleteMessage:
    'Delete this file? Mails already sent keep it; mail templates that show it leave it out from now on. Documents have their own copy.',
  page: 'Page',
  loadFailed: 'The media library could not be loaded.',
};
