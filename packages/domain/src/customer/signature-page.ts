import { escapeHtml, safeImageSrc } from '../documents/render-util';

export interface SignaturePageFacts {
  title: string;
  company: string;
  action: 'approved' | 'rejected';
  signername: string;
  signatory_name: string;
  location: string;
  additional_message: string;
  /** A PNG data URL, or null when the customer ticked the agreement instead. */
  signature: string | null;
  agreement_message: string | null;
  signed_at: Date;
  ip_address: string;
  user_agent: string;
  version: number;
  html_sha256: string;
  pdf_sha256: string | null;
}

const amsterdam = (d: Date) =>
  d.toLocaleString('nl-NL', {
    timeZone: 'Europe/Amsterdam',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/**
 * The signature page's PDF footer. The page is printed on its own and added to the sent PDF, whose pages
 * already say 'Pagina 1 van 3'; its own count would read 'Pagina 1 van 1' on the last of several pages, so
 * it names itself as the document's signature page instead.
 */
export function signaturePageFooter(title: string): string {
  return `<span>Ondertekeningspagina bij ${escapeHtml(title)}</span>`;
}

/**
 * The page added to a signed PDF: what was signed, by whom, where, when, from which address and
 * browser, and the SHA-256 of the exact version shown, so the signature holds up later (decision 024).
 */
export function signaturePageHtml(f: SignaturePageFacts): string {
  const row = (label: string, value: string) =>
    value ? `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>` : '';
  const src = f.signature ? safeImageSrc(f.signature) : null;
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8"><style>
body{font-family:'DejaVu Sans',Arial,sans-serif;font-size:11pt;color:#1a1a1a;margin:0}
h1{font-size:16pt;margin:0 0 4mm}
p{margin:0 0 4mm}
table{border-collapse:collapse;width:100%;margin-top:4mm}
th{text-align:left;vertical-align:top;width:45mm;padding:2mm 3mm 2mm 0;font-weight:600}
td{padding:2mm 0;word-break:break-all}
tr{border-bottom:0.2mm solid #ccc}
.sig{margin-top:6mm;border:0.3mm solid #999;padding:3mm;width:90mm;height:35mm;display:flex;align-items:center;justify-content:center}
.sig img{max-width:100%;max-height:100%}
.hash{font-family:'DejaVu Sans Mono',monospace;font-size:8.5pt}
</style></head><body>
<h1>${f.action === 'approved' ? 'Ondertekening' : 'Afwijzing'}</h1>
<p>${escapeHtml(f.title)} van ${escapeHtml(f.company)} is ${f.action === 'approved' ? 'goedgekeurd' : 'afgekeurd'} via de klantlink.</p>
<table>
${row('Naam', f.signername)}
${row('Ondertekend namens', f.signatory_name)}
${row('Plaats', f.location)}
${row('Datum en tijd', amsterdam(f.signed_at))}
${row('Opmerking', f.additional_message)}
${row('Akkoordverklaring', f.agreement_message ?? '')}
${row('IP-adres', f.ip_address)}
${row('Browser', f.user_agent)}
${row('Versie', String(f.version))}
<tr><th>SHA-256 webversie</th><td class="hash">${escapeHtml(f.html_sha256)}</td></tr>
${f.pdf_sha256 ? `<tr><th>SHA-256 PDF</th><td class="hash">${escapeHtml(f.pdf_sha256)}</td></tr>` : ''}
</table>
${src ? `<div class="sig"><img alt="Handtekening" src="${src}"></div>` : ''}
</body></html>`;
}
