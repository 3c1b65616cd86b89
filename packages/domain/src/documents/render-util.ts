// Small helpers of the document renderer: escaping and Dutch number formats (decision 021).
import { Decimal, formatEuro, type MoneyInput } from '../money';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for HTML content and attribute values (both quote kinds escaped). */
export function escapeHtml(s: string): string {
  return String(s ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Plain text with its line breaks kept. */
export function escapeLines(s: string): string {
  return escapeHtml(s.replace(/\r\n?/g, '\n').trim()).replace(/\n/g, '<br>');
}

/** Only pictures that need no network: data: URLs of images. */
export function safeImageSrc(src: string | null | undefined): string | null {
  if (!src) return null;
  return /^data:image\/[a-z0-9.+-]+[;,]/i.test(src.trim()) ? src.trim() : null;
}

const DEFAULT_BRAND = '#1f3a5f';

/** The brand colour when it is a hex colour; else a neutral dark blue (it goes into CSS). */
export function brandColor(value: string | null | undefined): string {
  return value && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim()) ? value.trim() : DEFAULT_BRAND;
}

/** Money in Dutch notation, escaped for HTML. */
export function money(value: MoneyInput): string {
  return escapeHtml(formatEuro(value));
}

let quantityFormat: Intl.NumberFormat | undefined;

/** An amount in Dutch notation without trailing zeros (12, 2,5, 1.250). */
export function quantity(value: MoneyInput): string {
  let d: Decimal;
  try {
    d = new Decimal(value).toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
  } catch {
    return escapeHtml(String(value));
  }
  quantityFormat ??= new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 4 });
  return escapeHtml(quantityFormat.format(d.toNumber()));
}
