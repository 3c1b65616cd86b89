// The document's own style sheet: an A4 sheet in the PDF and on a desk, a column of text on a phone
// (decisions 021 and 038).
import type { RenderTarget } from './render-input';

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

const COMMON = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;font-family:${FONT};line-height:1.45;color:#1f2933;-webkit-print-color-adjust:exact;print-color-adjust:exact}
.im-doc{--im-muted:#616e7c;--im-line:#e4e7eb}
.im-doc::after{content:"";display:block;clear:both}
.im-doc h1,.im-doc h2,.im-doc h3,.im-doc h4{color:var(--im-brand);line-height:1.25;margin:1em 0 .4em}
.im-doc h1{font-size:1.6em}.im-doc h2{font-size:1.35em}.im-doc h3{font-size:1.15em}.im-doc h4{font-size:1em}
.im-doc img{max-width:100%;height:auto}
.im-top{display:flex;justify-content:space-between;align-items:flex-start;gap:24px;margin-bottom:28px}
.im-customer{flex:1 1 50%;min-width:0;padding-top:8px}
.im-company{flex:1 1 40%;min-width:0;text-align:right;color:var(--im-muted);font-size:.9em}
.im-logo{display:block;max-height:70px;max-width:240px;width:auto;margin:0 0 10px auto}
.im-party-name{font-weight:600;color:#1f2933}
.im-party p{margin:0}
.im-meta{border-collapse:collapse;margin:0 0 20px;font-size:.95em}
.im-meta th{text-align:left;font-weight:600;color:var(--im-muted);padding:2px 20px 2px 0;vertical-align:top}
.im-meta td{padding:2px 0}
.im-invoice{break-inside:avoid;margin-top:18px}
.im-invoice h2{font-size:1.05em;margin:0 0 6px}
.im-invoice-totals{border-collapse:collapse;margin:0 0 10px auto;min-width:55%}
.im-invoice-totals th{text-align:left;font-weight:400;padding:3px 16px 3px 0}
.im-invoice-totals td{text-align:right;padding:3px 0;font-variant-numeric:tabular-nums;white-space:nowrap}
.im-invoice-totals .im-total th,.im-invoice-totals .im-total td{font-weight:700;border-top:1px solid currentColor;padding-top:6px}
.im-invoice-ids{color:var(--im-muted);font-size:.9em}
.im-due{break-inside:avoid;border:1px solid var(--im-brand);border-radius:6px;padding:10px 14px;margin:0 0 20px}
.im-due table{border-collapse:collapse}
.im-due th{text-align:left;font-weight:600;padding:2px 20px 2px 0}
.im-due td{padding:2px 0;font-variant-numeric:tabular-nums;font-weight:700;white-space:nowrap}
.im-due p{margin:6px 0 0}
.im-kind{margin:0;text-transform:uppercase;letter-spacing:.08em;font-size:.8em;font-weight:600;color:var(--im-muted)}
.im-doc h1.im-title{font-size:1.75em;margin:.1em 0 .8em}
.im-widget{margin:0 0 12px}
.im-rich>:first-child,.im-col>:first-child{margin-top:0}
.im-rich>:last-child,.im-col>:last-child{margin-bottom:0}
.im-rich p,.im-col p{margin:0 0 .6em}
.im-line{margin:0 0 .4em}
.im-cols{display:grid;gap:24px}
.im-cols-66{grid-template-columns:1fr 1fr}
.im-cols-48{grid-template-columns:1fr 2fr}
.im-cols-84{grid-template-columns:2fr 1fr}
.im-col{min-width:0}
.im-picture{margin:0}
.im-picture img{display:block;max-width:100%;height:auto}
.im-picture-fullwidth{margin-top:12px}
.im-picture-fullwidth img,.im-picture-fullwidthnotopmargin img{width:100%}
.im-picture-alignleft{float:left;width:45%;margin:4px 18px 10px 0}
.im-picture-alignright{float:right;width:45%;margin:4px 0 10px 18px}
.im-picture-alignleft img,.im-picture-alignright img{width:100%}
.im-picture-aligncenter img{margin:0 auto}
.im-picture-centerhalf img{width:50%;margin:0 auto}
.im-pagebreak-web{border:0;border-top:1px dashed #c3c9d0;margin:24px 0}
.im-table-wrap{overflow-x:auto}
.im-calc,.im-locations,.im-rooms{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
.im-calc th,.im-calc td,.im-locations th,.im-locations td,.im-rooms th,.im-rooms td{padding:6px 8px;text-align:left;vertical-align:top}
.im-rooms thead th{border-bottom:2px solid var(--im-brand);font-size:.88em;font-weight:600}
.im-rooms tbody td,.im-rooms tbody th{border-bottom:1px solid var(--im-line)}
.im-rooms .im-num{text-align:right;white-space:nowrap}
.im-rooms tfoot th,.im-rooms tfoot td{font-weight:700}
.im-recurring+.im-recurring{margin-top:12px;padding-top:12px;border-top:1px solid var(--im-line)}
.im-photos{display:grid;grid-template-columns:repeat(3,1fr);gap:8px}
.im-photo{margin:0;break-inside:avoid}
.im-photo img{display:block;width:100%;height:auto;border-radius:4px}
.im-photo figcaption{font-size:.8em;color:#52606d;margin-top:2px}
.im-calc thead th{border-bottom:2px solid var(--im-brand);font-size:.88em;font-weight:600;color:#3e4c59}
.im-calc tbody td{border-bottom:1px solid var(--im-line)}
.im-calc .im-num{text-align:right;white-space:nowrap}
.im-calc thead th.im-num{white-space:normal}
.im-calc .im-group td{font-weight:700;padding-top:12px;border-bottom:1px solid #cbd2d9}
.im-calc .im-muted td,.im-calc .im-muted .im-info{color:#9aa5b1}
.im-optional{font-style:italic;font-weight:400;white-space:nowrap}
.im-info{font-size:.85em;color:var(--im-muted);margin-top:2px}
.im-calc tfoot td{padding:4px 8px}
.im-calc tfoot .im-total-label{text-align:right}
.im-calc tfoot tr:first-child td{padding-top:10px}
.im-calc tfoot .im-grand td{font-weight:700;border-top:2px solid var(--im-brand);padding-top:6px}
.im-locations th{font-weight:600;color:var(--im-muted);width:30%}
.im-locations td,.im-locations th{border-bottom:1px solid var(--im-line)}
`;

// The web target is read on every screen: from 820 px down the sheet loses its margins, and below
// 600 px (a phone, where the customer page gives the sheet its own width, decision 038) the text is at
// least 14 px, the columns stack, and a calculation line becomes a block of labelled values with its
// totals beneath, so nothing is wider than the screen.
const WEB = `body{font-size:15px;background:#eef0f3}
.im-calc .im-descr{min-width:8em}
.im-doc{max-width:793px;margin:24px auto;padding:56px 60px;background:#fff;box-shadow:0 1px 4px rgba(15,23,42,.14);border-radius:2px}
@media (max-width:820px){.im-doc{margin:0 auto;padding:40px 32px}}
@media (max-width:600px){
body{font-size:16px;background:#fff}
.im-doc{margin:0;padding:20px 16px;box-shadow:none;border-radius:0;overflow-wrap:anywhere}
.im-top{flex-direction:column-reverse;gap:16px;margin-bottom:20px}
.im-company{text-align:left;font-size:.9375em}
.im-logo{margin:0 0 10px}
.im-kind{font-size:.875em}
.im-meta th{padding-right:12px}
.im-cols{grid-template-columns:1fr;gap:12px}
.im-picture-alignleft,.im-picture-alignright{float:none;width:100%;margin:12px 0}
.im-picture-centerhalf img{width:100%}
.im-photos{grid-template-columns:repeat(2,1fr)}
.im-photo figcaption,.im-info,.im-invoice-ids{font-size:.875em}
.im-rooms thead th{font-size:.875em}
.im-calc,.im-calc tbody,.im-calc tfoot,.im-calc tr,.im-calc td{display:block;width:100%}
.im-calc thead{display:none}
.im-calc tbody tr{padding:10px 0;border-bottom:1px solid var(--im-line)}
.im-calc tbody td{border:0;padding:2px 0}
.im-calc .im-descr{min-width:0;font-weight:600}
.im-calc .im-descr .im-info,.im-calc .im-descr .im-optional{font-weight:400}
.im-calc td.im-num{display:flex;justify-content:space-between;align-items:baseline;gap:12px;white-space:normal}
.im-calc td.im-num::before{content:attr(data-label);color:var(--im-muted);text-align:left}
.im-calc .im-group{padding-top:16px;border-bottom:1px solid #cbd2d9}
.im-calc .im-group td{padding:0;border:0}
.im-calc tfoot tr{display:flex;justify-content:space-between;align-items:baseline;gap:12px}
.im-calc tfoot td,.im-calc tfoot tr:first-child td{width:auto;padding:4px 0}
.im-calc tfoot tr:first-child{padding-top:12px}
.im-calc tfoot .im-total-label{text-align:left}
.im-calc tfoot .im-grand{margin-top:4px;border-top:2px solid var(--im-brand);font-size:1.125em}
.im-calc tfoot .im-grand td{border-top:0;padding-top:6px}
.im-invoice-totals{min-width:0;width:100%}
}
`;

const PDF = `@page{size:A4;margin:28mm 15mm 22mm 15mm}
html,body{background:#fff}
body{font-size:10.5pt}
.im-doc{margin:0;padding:0}
.im-table-wrap{overflow:visible}
.im-calc thead{display:table-header-group}
.im-calc tfoot{display:table-row-group;break-inside:avoid}
.im-calc tfoot tr{break-inside:avoid}
.im-calc tr,.im-locations tr,.im-picture,.im-top,.im-meta{break-inside:avoid}
.im-doc h1,.im-doc h2,.im-doc h3,.im-doc h4{break-after:avoid}
`;

/** The base style sheet for a target, with the brand colour (already checked to be a hex colour). */
export function baseStyles(target: RenderTarget, brand: string): string {
  return `.im-doc{--im-brand:${brand}}\n${COMMON}${target === 'pdf' ? PDF : WEB}`;
}

/** Repeats a removal until nothing changes, so removing one part cannot join a new one. */
function removeAll(s: string, pattern: RegExp): string {
  let previous: string;
  let current = s;
  do {
    previous = current;
    current = current.replace(pattern, '');
  } while (current !== previous);
  return current;
}

/** Decodes CSS escapes of an identifier (`\69 mport` is `import`). */
function unescapeCssIdent(s: string): string {
  return s.replace(/\\([0-9a-f]{1,6})\s?|\\(.)/gi, (_, hex: string | undefined, ch: string | undefined) =>
    hex ? String.fromCodePoint(Math.min(Number.parseInt(hex, 16) || 0xfffd, 0x10ffff)) : (ch ?? ''),
  );
}

/** Drops every @import rule, also one written with CSS escapes. */
function dropImports(css: string): string {
  return css.replace(/@((?:[\w-]|\\[0-9a-f]{1,6}\s?|\\[^\n0-9a-f])+)[^;{}]*;?/gi, (rule, name: string) =>
    unescapeCssIdent(name).toLowerCase() === 'import' ? '' : rule,
  );
}

/** Drops a closing brace that has no opening one, so the rules cannot leave the @scope block. */
function balanceBraces(css: string): string {
  let depth = 0;
  let out = '';
  for (const ch of css) {
    if (ch === '{') depth++;
    if (ch === '}') {
      if (depth === 0) continue;
      depth--;
    }
    out += ch;
  }
  return out + '}'.repeat(depth);
}

/**
 * The document's own CSS, scoped to the document root: without `</style` (which would end the
 * style element), without @import (no network) and without a bare "<".
 */
export function scopedCustomCss(css: string): string {
  let clean = css ?? '';
  let previous: string;
  do {
    previous = clean;
    clean = balanceBraces(dropImports(removeAll(clean, /<\/style/gi)));
  } while (clean !== previous);
  // A "<" means nothing in CSS outside strings; as an escape it stays the same text there and no
  // markup (<script, <!--) can appear in the style element.
  clean = clean.replace(/</g, '\\3c ').trim();
  if (!clean) return '';
  return `@scope (.im-doc) {\n${clean}\n}`;
}
