// Staff's "view as customer": a small module of its own, so that the first read (first-read.ts) can
// carry the same header before the page's code has loaded.

const PREVIEW_KEY = 'im.customer.preview';

/**
 * Staff's "view as customer" opens a customer link with `preview=1`: from then on this tab's calls
 * carry `x-customer-preview: 1`, so the server records no customer open and marks no message read.
 */
export function enablePreview(): void {
  try {
    window.sessionStorage.setItem(PREVIEW_KEY, '1');
  } catch {
    previewFallback = true;
  }
}
let previewFallback = false;

export function isPreview(): boolean {
  try {
    return previewFallback || window.sessionStorage.getItem(PREVIEW_KEY) === '1';
  } catch {
    return previewFallback;
  }
}

/** The header every call of a preview tab carries. */
export const PREVIEW_HEADER = 'x-customer-preview';
