import {
  WEBSITE_HONEYPOT_FIELD,
  WEBSITE_REDIRECT_FIELD,
  WEBSITE_TARGET_LABELS,
  type Website,
  type WebsiteTargetField,
} from '@im/domain';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const INPUT_TYPE: Partial<Record<WebsiteTargetField, string>> = {
  email: 'email',
  phone: 'tel',
  mobile: 'tel',
};

/**
 * A plain HTML form for a website, ready to paste: one field per mapped form field (each once), the
 * hidden honeypot, and a return to the site's thank-you page when the website has an address.
 */
export function websiteFormSnippet(
  site: Pick<Website, 'siteurl' | 'mapping'>,
  endpoint: string,
  submit: string,
): string {
  const lines = [`<form action="${escapeHtml(endpoint)}" method="post">`];
  const seen = new Set<string>();
  for (const row of site.mapping) {
    if (seen.has(row.fieldkey)) continue;
    seen.add(row.fieldkey);
    const name = escapeHtml(row.fieldkey);
    const label = escapeHtml(WEBSITE_TARGET_LABELS[row.fieldvalue]);
    const required = row.fieldvalue === 'email' ? ' required' : '';
    lines.push(
      row.fieldvalue === 'note'
        ? `  <label>${label}<br><textarea name="${name}" rows="4"></textarea></label><br>`
        : `  <label>${label}<br><input type="${INPUT_TYPE[row.fieldvalue] ?? 'text'}" name="${name}"${required}></label><br>`,
    );
  }
  lines.push(
    `  <!-- Leeg laten: alleen robots vullen dit verborgen veld in. -->`,
    `  <input type="text" name="${WEBSITE_HONEYPOT_FIELD}" tabindex="-1" autocomplete="off" aria-hidden="true" style="position:absolute;left:-10000px">`,
  );
  if (site.siteurl) {
    const thanks = new URL('/bedankt', site.siteurl).href;
    lines.push(`  <input type="hidden" name="${WEBSITE_REDIRECT_FIELD}" value="${escapeHtml(thanks)}">`);
  }
  lines.push(`  <button type="submit">${escapeHtml(submit)}</button>`, '</form>');
  return lines.join('\n');
}
