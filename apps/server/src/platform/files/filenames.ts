// The name an uploaded file is kept and offered under. The name is the sender's word, the type is the
// content's: a name never claims another type than the bytes have (a JPEG called 'x.html' is kept as
// 'x.jpg'), and no control or direction character survives (U+202E shows 'rtl‮gnp.exe' as 'rtlexe.png').

// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const CONTROL = /[\u0000-\u001f\u007f"]/g;
/** Bidirectional marks, embeddings, overrides and isolates. */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The last path part of a name, without control and direction characters, at most 200 characters. */
export function cleanFilename(name: string, fallback = 'bestand'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(CONTROL, '').replace(BIDI, '').trim().slice(0, 200) || fallback;
}

/** Spellings of one type's extension: a name with any of them keeps it. */
const SAME = [
  ['jpg', 'jpeg', 'jpe'],
  ['tif', 'tiff'],
  ['heic', 'heif'],
];

/** The name with the extension of the type its content has (`ext` from the sniffed type). */
export function nameByType(name: string, ext: string): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const own = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const spellings = SAME.find((s) => s.includes(ext)) ?? [ext];
  if (spellings.includes(own)) return name;
  return `${stem.slice(0, 200 - ext.length - 1)}.${ext}`;
}
