// The one document renderer (decision 021): the same self-contained HTML for the staff preview (in
// a sandboxed iframe), the customer page and the PDF (headless Chromium, JavaScript and network
// off). Pure TypeScript: no DOM, no React. Plain values are escaped; rich text arrives sanitised and
// custom HTML is inserted as it is (the iframe sandbox and the PDF without JavaScript contain it).
import { dutchDate } from '../merge-tags';
import { renderCalculationTable } from './render-calculation';
import type {
  DocumentRenderInput,
  RenderedDocument,
  RenderParty,
  RenderRoom,
  RenderWidget,
} from './render-input';
import { baseStyles, scopedCustomCss } from './render-styles';
import { brandColor, escapeHtml, escapeLines, money, safeImageSrc } from './render-util';
import { PICTURE_LAYOUTS, type PictureLayout } from './widgets';

export { escapeHtml, escapeLines } from './render-util';

const TWO_COLUMN_CLASS = {
  TEXT2COL66: 'im-cols-66',
  TEXT2COL48: 'im-cols-48',
  TEXT2COL84: 'im-cols-84',
} as const;
const HEADING_LEVEL = { HEADER1: 'h1', HEADER2: 'h2', HEADER3: 'h3', HEADER4: 'h4' } as const;

/** The inner HTML of a widget; '' when it shows nothing on this target. */
function widgetContent(widget: RenderWidget, input: DocumentRenderInput): string {
  switch (widget.tag) {
    case 'HEADER1':
    case 'HEADER2':
    case 'HEADER3':
    case 'HEADER4': {
      const h = HEADING_LEVEL[widget.tag];
      return widget.textcontent.trim() ? `<${h}>${escapeHtml(widget.textcontent)}</${h}>` : '';
    }
    case 'STRING':
      return widget.textcontent.trim() ? `<p class="im-line">${escapeHtml(widget.textcontent)}</p>` : '';
    case 'TEXT':
      return widget.textcontent.trim() ? `<div class="im-rich">${widget.textcontent}</div>` : '';
    case 'TEXT2COL66':
    case 'TEXT2COL48':
    case 'TEXT2COL84':
      if (!widget.textcontent.trim() && !widget.textcontent2.trim()) return '';
      return (
        `<div class="im-cols ${TWO_COLUMN_CLASS[widget.tag]}">` +
        `<div class="im-col im-rich">${widget.textcontent}</div>` +
        `<div class="im-col im-rich">${widget.textcontent2}</div></div>`
      );
    case 'CUSTOMHTML':
      return widget.textcontent;
    case 'CUSTOMHTMLPDFONLY':
      return input.target === 'pdf' ? widget.textcontent : '';
    case 'CUSTOMHTMLWEBONLY':
      return input.target === 'web' ? widget.textcontent : '';
    case 'PAGEBREAK':
      return input.target === 'pdf'
        ? '<div class="im-pagebreak" style="break-after: page"></div>'
        : '<hr class="im-pagebreak-web">';
    case 'WIDGETPICTURE': {
      const src = safeImageSrc(widget.picture_src);
      if (!src) return '';
      const layout: PictureLayout = (PICTURE_LAYOUTS as readonly string[]).includes(widget.picture_layout)
        ? widget.picture_layout
        : 'fullwidth';
      return `<figure class="im-picture im-picture-${layout}"><img src="${escapeHtml(src)}" alt=""></figure>`;
    }
    case 'LOCATIONS':
      if (input.locations.length === 0) return '';
      return (
        '<div class="im-table-wrap"><table class="im-locations"><tbody>' +
        input.locations
          .map((l) => `<tr><th scope="row">${escapeHtml(l.label)}</th><td>${escapeHtml(l.address)}</td></tr>`)
          .join('') +
        '</tbody></table></div>'
      );
    case 'CALCULATIONITEMS':
    case 'CALCULATIONITEMSINCLSUBS':
    case 'ADDITIONALITEMS':
      return renderCalculationTable(widget, input.calculation);
    case 'RECURRING':
      return (widget.repeated ?? [])
        .filter((html) => html.trim())
        .map((html) => `<div class="im-rich im-recurring">${html}</div>`)
        .join('');
    case 'ROOMS':
      return renderRooms(input.rooms ?? []);
    case 'VERTICALPHOTOS': {
      const photos = (widget.photos ?? []).filter((p) => safeImageSrc(p.src));
      if (photos.length === 0) return '';
      return (
        '<div class="im-photos">' +
        photos
          .map(
            (p) =>
              `<figure class="im-photo"><img src="${escapeHtml(safeImageSrc(p.src)!)}" alt="${escapeHtml(p.caption)}">` +
              `<figcaption>${escapeHtml(p.caption)}</figcaption></figure>`,
          )
          .join('') +
        '</div>'
      );
    }
    // Never in the body: the PDF's header and footer templates (see renderDocument).
    case 'PDFHEADER':
    case 'PDFFOOTER':
      return '';
  }
}

/** ROOMS: one row per room with its area (m²) and the other values filled in. */
function renderRooms(rooms: RenderRoom[]): string {
  if (rooms.length === 0) return '';
  const area = (n: number | null) =>
    n === null ? '' : n.toLocaleString('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const total = rooms.reduce((sum, r) => sum + (r.area ?? 0), 0);
  return (
    '<div class="im-table-wrap"><table class="im-rooms"><thead><tr><th scope="col">Ruimte</th>' +
    '<th scope="col" class="im-num">Oppervlakte (m²)</th><th scope="col">Gegevens</th></tr></thead><tbody>' +
    rooms
      .map(
        (r) =>
          `<tr><th scope="row">${escapeHtml(r.name)}</th><td class="im-num">${area(r.area)}</td><td>${r.details
            .map((d) => `${escapeHtml(d.label)}: ${escapeHtml(d.value)}`)
            .join('<br>')}</td></tr>`,
      )
      .join('') +
    `</tbody><tfoot><tr><th scope="row">Totaal</th><td class="im-num">${area(Math.round(total * 100) / 100)}</td><td></td></tr></tfoot></table></div>`
  );
}

/**
 * The HTML of one widget as it appears inside the document: its content in a section carrying the
 * widget's id, class and styling; '' when the widget shows nothing (on this target).
 */
export function renderWidgetHtml(widget: RenderWidget, input: DocumentRenderInput): string {
  const content = widgetContent(widget, input);
  if (!content) return '';
  const classes = ['im-widget', `im-w-${widget.tag.toLowerCase()}`, widget.custom_class.trim()]
    .filter(Boolean)
    .join(' ');
  const style = widget.custom_styling.trim() ? ` style="${escapeHtml(widget.custom_styling.trim())}"` : '';
  return `<section class="${escapeHtml(classes)}"${style} data-widget-id="${escapeHtml(String(widget.id))}">${content}</section>`;
}

function party(p: RenderParty, cls: string, before = ''): string {
  return (
    `<div class="im-party ${cls}">${before}` +
    (p.name.trim() ? `<p class="im-party-name">${escapeHtml(p.name)}</p>` : '') +
    p.lines
      .filter((l) => l.trim())
      .map((l) => `<p>${escapeHtml(l)}</p>`)
      .join('') +
    '</div>'
  );
}

function topBlock(input: DocumentRenderInput): string {
  const logo = safeImageSrc(input.company.logo_src);
  const company = party(
    input.company,
    'im-company',
    logo ? `<img class="im-logo" src="${escapeHtml(logo)}" alt="">` : '',
  );
  const customer = input.customer ? party(input.customer, 'im-customer') : '<div class="im-customer"></div>';
  return `<header class="im-top">${customer}${company}</header>`;
}

function metaTable(input: DocumentRenderInput): string {
  const rows: [string, string][] = [];
  const numberLabel =
    { quotation: 'Offertenummer', invoice: 'Factuurnummer' }[input.kind as string] ?? 'Nummer';
  if (input.number !== null) rows.push([numberLabel, String(input.number)]);
  if (input.documentdate)
    rows.push([input.kind === 'invoice' ? 'Factuurdatum' : 'Datum', dutchDate(input.documentdate)]);
  if (input.kind === 'quotation' && input.enddate) rows.push(['Geldig tot', dutchDate(input.enddate)]);
  if (input.kind === 'invoice' && input.enddate && input.number !== null)
    rows.push(['Vervaldatum', dutchDate(input.enddate)]);
  if (input.invoice?.credited_number != null)
    rows.push(['Creditering van factuur', String(input.invoice.credited_number)]);
  if (input.invoice?.reverse_charge && input.invoice.customer_vat_id)
    rows.push(['Btw-nummer klant', input.invoice.customer_vat_id]);
  if (input.flow_number !== null) rows.push(['Dossier', String(input.flow_number)]);
  if (rows.length === 0) return '';
  return (
    '<table class="im-meta"><tbody>' +
    rows.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('') +
    '</tbody></table>'
  );
}

const TEMPLATE_FONT = 'font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
const TEMPLATE_BOX = `width: 100%; box-sizing: border-box; padding: 0 15mm; font-size: 9px; line-height: 1.35; color: #52606d; ${TEMPLATE_FONT}; -webkit-print-color-adjust: exact`;

/** Chromium's header and footer templates: inline styles only, an explicit font size, page numbers. */
function pdfTemplates(input: DocumentRenderInput): { header_html: string; footer_html: string } {
  const html = (tag: RenderWidget['tag']) =>
    input.widgets
      .filter((w) => w.tag === tag && w.textcontent.trim())
      .map((w) => w.textcontent)
      .join('');
  const header = html('PDFHEADER');
  const footer = html('PDFFOOTER');
  const pages =
    '<div style="flex: 0 0 auto; white-space: nowrap; text-align: right">' +
    'Pagina <span class="pageNumber"></span> van <span class="totalPages"></span></div>';
  const footerLeft = footer || escapeHtml(input.company.name);
  return {
    header_html: header ? `<div style="${TEMPLATE_BOX}">${header}</div>` : '',
    footer_html:
      `<div style="${TEMPLATE_BOX}; display: flex; justify-content: space-between; align-items: flex-end; gap: 8mm">` +
      `<div style="flex: 1 1 auto; min-width: 0">${footerLeft}</div>${pages}</div>`,
  };
}

/** An invoice's amounts and payment line, after its widgets (decision 022). */
function invoiceBlock(input: DocumentRenderInput): string {
  const inv = input.invoice;
  if (!inv) return '';
  const b = inv.billed;
  const rows: [string, number][] = [['Totaal excl. btw', b.exc]];
  for (const rate of [0, 6, 9, 21] as const) {
    const exc = b[`exc_${rate}`];
    if (exc === 0) continue;
    if (rate === 0) rows.push([inv.reverse_charge ? 'Btw verlegd (0%)' : 'Btw 0%', 0]);
    else rows.push([`Btw ${rate}% over ${money(exc)}`, b[`vat_${rate}`]]);
  }
  const total = b.inc < 0 ? 'Totaal te verrekenen' : 'Totaal te betalen';
  const lines = rows
    .map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(money(v))}</td></tr>`)
    .join('');
  const notes: string[] = [];
  if (inv.partial_text) notes.push(inv.partial_text);
  if (inv.reverse_charge) notes.push('Btw verlegd naar de afnemer.');
  if (b.inc > 0 && inv.iban && input.number !== null)
    notes.push(
      `Wij verzoeken u ${money(b.inc)}${input.enddate ? ` vóór ${dutchDate(input.enddate)}` : ''} over te maken op ${inv.iban}${inv.account_name ? ` t.n.v. ${inv.account_name}` : ''} onder vermelding van factuurnummer ${input.number}.`,
    );
  if (b.inc < 0) notes.push('Het bedrag van deze creditfactuur wordt met u verrekend.');
  const ids = [
    inv.kvk ? `KvK ${inv.kvk}` : '',
    inv.vat_id ? `Btw ${inv.vat_id}` : '',
    inv.iban ? `IBAN ${inv.iban}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    `<section class="im-widget im-invoice"><h2>${escapeHtml(inv.type_label)}</h2>` +
    `<table class="im-invoice-totals"><tbody>${lines}<tr class="im-total"><th scope="row">${escapeHtml(total)}</th><td>${escapeHtml(money(b.inc))}</td></tr></tbody></table>` +
    notes.map((n) => `<p>${escapeHtml(n)}</p>`).join('') +
    (ids ? `<p class="im-invoice-ids">${escapeHtml(ids)}</p>` : '') +
    '</section>'
  );
}

/**
 * What an invoice asks, right under its title (decision 030): the amount of THIS invoice and the date it
 * is due. A partial invoice says which part it is; its calculation further down is the whole work, shown
 * for reference.
 */
function invoiceDue(input: DocumentRenderInput): string {
  const inv = input.invoice;
  if (!inv || inv.billed.inc <= 0) return '';
  const rows: [string, string][] = [[`${inv.type_label}bedrag incl. btw`, money(inv.billed.inc)]];
  if (input.enddate) rows.push(['Te betalen vóór', dutchDate(input.enddate)]);
  const reference = inv.partial_text
    ? `<p>${escapeHtml(inv.partial_text)} De specificatie hieronder is die van de hele opdracht, ter referentie; u betaalt nu het bedrag hierboven.</p>`
    : '';
  return (
    '<section class="im-due" aria-label="Te betalen">' +
    `<table><tbody>${rows.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</tbody></table>` +
    `${reference}</section>`
  );
}

/** The whole document: a self-contained HTML page and, for the PDF, its header and footer. */
export function renderDocument(input: DocumentRenderInput): RenderedDocument {
  const pageTitle = input.number !== null ? `${input.kind_label} ${input.number}` : input.kind_label;
  const heading = input.title.trim() || pageTitle;
  const custom = scopedCustomCss(input.custom_css);
  const body =
    topBlock(input) +
    metaTable(input) +
    `<p class="im-kind">${escapeHtml(input.kind_label)}</p>` +
    `<h1 class="im-title">${escapeLines(heading)}</h1>` +
    invoiceDue(input) +
    input.widgets.map((w) => renderWidgetHtml(w, input)).join('\n') +
    invoiceBlock(input);
  const html =
    '<!doctype html><html lang="nl"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(pageTitle)}</title>` +
    `<style>${baseStyles(input.target, brandColor(input.company.brand_color))}</style>` +
    (custom ? `<style>${custom}</style>` : '') +
    `</head><body><main class="im-doc">${body}</main></body></html>`;
  const templates = input.target === 'pdf' ? pdfTemplates(input) : { header_html: '', footer_html: '' };
  return { html, ...templates };
}
