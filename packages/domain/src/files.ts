// Renaming a stored file (PATCH of flowfile, assistfile, attachedfile, attachment, widgetpicture,
// picture and signature; decision 043): only the name it is shown and downloaded under changes.

/** The longest file name we keep (the column holds 255; room for an added extension). */
export const MAX_FILENAME_LENGTH = 200;

export const FILE_TEXTS = {
  filenameRequired: 'Vul een bestandsnaam in.',
  filenameTooLong: `Een bestandsnaam is hooguit ${MAX_FILENAME_LENGTH} tekens.`,
  filenameInvalid: 'Een bestandsnaam mag geen / of \\ en geen stuurtekens bevatten.',
  renamed: 'Bestandsnaam gewijzigd.',
  fileNotFound: 'Bestand niet gevonden.',
} as const;

/** The extension of a file name, lower-case with its dot (`.pdf`), or '' when it has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return '';
  const ext = name.slice(dot).toLowerCase();
  return /^\.[a-z0-9]{1,10}$/.test(ext) ? ext : '';
}

/**
 * The name a file gets when renamed to `wanted`: trimmed, and with the old name's extension added when
 * the new name does not already end with it, so `IMG_2041.jpg` renamed to `Meterkast` downloads as
 * `Meterkast.jpg` and still opens by a double click.
 */
export function renamedFilename(wanted: string, current: string): string {
  const name = wanted.trim();
  const ext = fileExtension(current);
  if (!ext || name.toLowerCase().endsWith(ext)) return name;
  return `${name}${ext}`;
}
