// Colours as the screens show them: contrast by WCAG 2 (relative luminance), so a coloured badge or
// calendar event keeps its text readable whatever colour a company or a type gives it.

export type Rgb = [number, number, number];

/** '#rgb' or '#rrggbb' (an alpha pair is ignored); null when it is no such colour. */
export function rgbOf(hex: string): Rgb | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})([0-9a-f]{2})?$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const WHITE: Rgb = [255, 255, 255];
export const BLACK: Rgb = [0, 0, 0];

/** White or black, whichever reads better on the colour (white for what is no colour). */
export function readableTextColor(background: string): '#ffffff' | '#000000' {
  const rgb = rgbOf(background);
  if (!rgb) return '#ffffff';
  return contrast(rgb, WHITE) >= contrast(rgb, BLACK) ? '#ffffff' : '#000000';
}
