import { describe, expect, it } from 'vitest';
import { computeCalculation, type EngineItem } from '../calculation/engine';
import { singleRateSplit } from '../calculation/pricing';
import type { Calculation, CalculationItem } from '../contract/calculations';
import type { CalculationTableColumn, CalculationTotalRow, WidgetTag } from './index';
import { escapeHtml, renderDocument, renderWidgetHtml } from './render';
import type { DocumentRenderInput, RenderWidget } from './render-input';

// Intl writes a no-break space after the euro sign; the assertions read easier with a plain one.
const plain = (html: string) => html.replace(/\u00a0/g, ' ');

let nextWidgetId = 1;
function widget(tag: WidgetTag, partial: Partial<RenderWidget> = {}): RenderWidget {
  return {
    id: nextWidgetId++,
    tag,
    textcontent: '',
    textcontent2: '',
    textcontent3: '',
    stringcontent: '',
    custom_class: '',
    custom_styling: '',
    picture_src: null,
    picture_layout: 'fullwidth',
    columns: [],
    rows: [],
    ...partial,
  };
}

function input(partial: Partial<DocumentRenderInput> = {}): DocumentRenderInput {
  return {
    target: 'web',
    kind: 'quotation',
    kind_label: 'Offerte',
    number: 20260042,
    title: 'Zonnepanelen Oosterstraat',
    status: 'draft',
    documentdate: '2026-11-25',
    enddate: '2026-12-25',
    company: {
      name: 'Zonnestroom Noord B.V.',
      lines: ['Industrieweg 3', '9723 AB Groningen'],
      logo_src: null,
      brand_color: '#0b7a4b',
    },
    customer: { name: 'Jan de Vries', lines: ['Oosterstraat 14', '9711 NV Groningen'] },
    flow_number: 1042,
    custom_css: '',
    widgets: [],
    calculation: null,
    locations: [],
    ...partial,
  };
}

interface Line extends Partial<EngineItem> {
  id: number;
  name: string;
  unit?: string;
  info?: string;
  depth?: number;
}

/** A calculation as the server answers it: the real engine's lines and totals on stored items. */
function calculation(lines: Line[], discount = 0): Calculation {
  const engineItems: EngineItem[] = lines.map((l, i) => ({
    parent_id: null,
    order: i,
    item_type: 'manual',
    product_type: null,
    pricing: null,
    product_amount: 1,
    unit_amount_manual: null,
    alternative_amount: null,
    unit_rate_exc_manual: null,
    unit_rate_inc_manual: null,
    start_amount_exc: 0,
    start_amount_inc: 0,
    discount_percentage: 0,
    selected: true,
    additionalwork: false,
    ...singleRateSplit(21),
    ...l,
  }));
  const result = computeCalculation({ discount, unit_amount: null, items: engineItems });
  const computed = new Map(result.items.map((r) => [r.id, r]));
  const items: CalculationItem[] = engineItems.map((e, i) => {
    const r = computed.get(e.id)!;
    const line = lines[i]!;
    return {
      calculation_id: 1,
      calculationitem_id: e.parent_id === null ? null : Number(e.parent_id),
      order: e.order,
      depth: line.depth ?? 0,
      item_type: e.item_type,
      product_id: null,
      product: null,
      product_type: null,
      pricing: null,
      item_name: line.name,
      custom_item_name: null,
      infotext: line.info ?? '',
      custom_infotext: null,
      unit_of_measurement: line.unit ?? 'stuks',
      product_amount: Number(e.product_amount),
      start_amount_inc: Number(e.start_amount_inc),
      start_amount_exc: Number(e.start_amount_exc),
      percentage_vat_0: Number(e.percentage_vat_0),
      percentage_vat_6: Number(e.percentage_vat_6),
      percentage_vat_9: Number(e.percentage_vat_9),
      percentage_vat_21: Number(e.percentage_vat_21),
      unit_amount_manual: null,
      matrix_x: null,
      matrix_y: null,
      unit_rate_exc_manual: e.unit_rate_exc_manual === null ? null : Number(e.unit_rate_exc_manual),
      unit_rate_inc_manual: e.unit_rate_inc_manual === null ? null : Number(e.unit_rate_inc_manual),
      discount_percentage: Number(e.discount_percentage),
      flowdataitem_selected: null,
      flowdataitem_blacklist: '',
      additionalwork: e.additionalwork,
      selected: e.selected,
      hash: `h${e.id}`,
      subitems: lines.filter((s) => s.parent_id === e.id).map((s) => s.id),
      ...r,
      id: Number(e.id),
    };
  });
  return {
    ...result.totals,
    id: 1,
    company_id: 1,
    flow_id: 1,
    flow: null,
    calculationtemplate: false,
    name: 'Calculatie',
    hash: 'c1',
    template_id: null,
    discount,
    unit_amount_manual: null,
    calculationitemColumns: [],
    calculationitemRows: [],
    colspan: 3,
    hasbeensent: false,
    new_number: null,
    origin_cumulatives: false,
    origin_grouping: false,
    rebase_product_amount: false,
    calculationitems: items,
    created_at: '2026-11-25T10:00:00.000Z',
    updated_at: '2026-11-25T10:00:00.000Z',
  };
}

// 10 m² insulation at € 24,50 excl. plus a start amount of € 50,00 excl. at 21 %, 2,5 hours labour at € 40,00 at 9 %.
const insulation: Line = {
  id: 1,
  name: 'Isolatie <b>dik</b>',
  unit: 'm²',
  info: 'Glaswol 100 mm',
  product_amount: 10,
  unit_rate_exc_manual: 24.5,
  start_amount_exc: 50,
  start_amount_inc: 60.5,
};
const labour: Line = {
  id: 2,
  name: 'Arbeid',
  unit: 'uur',
  product_amount: 2.5,
  unit_rate_exc_manual: 40,
  ...singleRateSplit(9),
};
const battery: Line = {
  id: 3,
  name: 'Thuisbatterij',
  product_amount: 1,
  unit_rate_exc_manual: 5000,
  selected: false,
};

function table(
  columns: CalculationTableColumn[],
  rows: CalculationTotalRow[],
  lines: Line[],
  tag: WidgetTag = 'CALCULATIONITEMS',
) {
  const doc = input({ calculation: calculation(lines) });
  return plain(renderWidgetHtml(widget(tag, { columns, rows }), doc));
}

/** The table row that holds a text. */
function rowOf(html: string, text: string): string {
  const rows = html.match(/<tr[^>]*>.*?<\/tr>/gs) ?? [];
  const row = rows.find((r) => r.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

describe('escaping', () => {
  it('escapes plain values', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const { html } = renderDocument(
      input({
        title: '<script>alert(1)</script>',
        customer: { name: 'Piet & <Zn>', lines: ['<img src=x onerror=alert(1)>'] },
        widgets: [
          widget('HEADER2', { textcontent: '<i>kop</i>' }),
          widget('STRING', { textcontent: '<u>regel</u>' }),
          widget('CALCULATIONITEMS', {
            custom_class: 'x" onclick="y',
            custom_styling: 'color: red" onmouseover="z',
          }),
        ],
        calculation: calculation([insulation, labour]),
      }),
    );
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Isolatie &lt;b&gt;dik&lt;/b&gt;');
    expect(html).toContain('Piet &amp; &lt;Zn&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<h2>&lt;i&gt;kop&lt;/i&gt;</h2>');
    expect(html).toContain('<p class="im-line">&lt;u&gt;regel&lt;/u&gt;</p>');
    expect(html).toContain('class="im-widget im-w-calculationitems x&quot; onclick=&quot;y"');
    expect(html).toContain('style="color: red&quot; onmouseover=&quot;z"');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<b>');
  });
});

describe('the page', () => {
  it('is a self-contained Dutch page with the parties, meta and title', () => {
    const { html, header_html, footer_html } = renderDocument(input());
    expect(html.startsWith('<!doctype html><html lang="nl"><head><meta charset="utf-8">')).toBe(true);
    expect(html).toContain('<title>Offerte 20260042</title>');
    expect(html).toContain('<main class="im-doc">');
    for (const text of ['Jan de Vries', '9711 NV Groningen', 'Zonnestroom Noord B.V.', 'Offertenummer']) {
      expect(html).toContain(text);
    }
    expect(html).toContain('<th scope="row">Datum</th><td>25 november 2026</td>');
    expect(html).toContain('<th scope="row">Geldig tot</th><td>25 december 2026</td>');
    expect(html).toContain('<th scope="row">Dossier</th><td>1042</td>');
    expect(html).toContain('<h1 class="im-title">Zonnepanelen Oosterstraat</h1>');
    expect(html).toContain('--im-brand:#0b7a4b');
    expect(html).toContain('max-width:793px');
    expect(html).not.toMatch(/<script|https?:\/\//i);
    expect(header_html).toBe('');
    expect(footer_html).toBe('');
  });

  it('leaves out the number of a template and checks the brand colour and the pictures', () => {
    const { html } = renderDocument(
      input({
        number: null,
        kind: 'confirmation',
        kind_label: 'Opdrachtbevestiging',
        company: {
          name: 'B',
          lines: [],
          logo_src: 'https://evil.example/logo.png',
          brand_color: 'red;}body{x',
        },
      }),
    );
    expect(html).not.toContain('Offertenummer');
    expect(html).not.toContain('Geldig tot');
    expect(html).toContain('<title>Opdrachtbevestiging</title>');
    expect(html).not.toContain('evil.example');
    expect(html).toContain('--im-brand:#1f3a5f');
    const withLogo = renderDocument(
      input({ company: { ...input().company, logo_src: 'data:image/png;base64,AAA' } }),
    );
    expect(withLogo.html).toContain('<img class="im-logo" src="data:image/png;base64,AAA" alt="">');
  });

  it('reflows the web page on a phone: 14 px text at least, a calculation line as stacked values', () => {
    const html = renderDocument(input()).html;
    const phone = html.slice(html.indexOf('@media (max-width:600px){'));
    expect(phone).toContain('body{font-size:16px');
    expect(phone).toContain('.im-calc,.im-calc tbody,.im-calc tfoot,.im-calc tr,.im-calc td{display:block');
    expect(phone).toContain('.im-calc td.im-num::before{content:attr(data-label)');
    expect(phone).toContain('.im-calc thead{display:none}');
    // No size under .875em of 16 px (14 px) on a phone.
    for (const [, em] of phone.matchAll(/font-size:\.(\d+)em/g))
      expect(Number(`0.${em}`) * 16).toBeGreaterThanOrEqual(14);
    // None of it reaches the PDF, which stays an A4 sheet.
    const pdf = renderDocument(input({ target: 'pdf' })).html;
    expect(pdf).not.toContain('@media');
    expect(pdf).not.toContain('data-label)');
  });

  it('prints the totals once in the PDF, not again on every page the table runs over', () => {
    const pdf = renderDocument(input({ target: 'pdf' })).html;
    expect(pdf).toContain('.im-calc tfoot{display:table-row-group;break-inside:avoid}');
    expect(pdf).toContain('.im-calc thead{display:table-header-group}');
  });

  it('sets A4 page rules for the PDF', () => {
    const { html } = renderDocument(input({ target: 'pdf' }));
    expect(html).toContain('@page{size:A4;margin:28mm 15mm 22mm 15mm}');
    expect(html).toContain('font-size:10.5pt');
    expect(html).toContain('break-inside:avoid');
  });
});

describe('widgets', () => {
  it('inserts rich text as it is and wraps each widget', () => {
    const w = widget('TEXT', {
      id: 77,
      textcontent: '<p>Beste <strong>Jan</strong>,</p>',
      custom_class: 'intro',
    });
    expect(renderWidgetHtml(w, input())).toBe(
      '<section class="im-widget im-w-text intro" data-widget-id="77"><div class="im-rich"><p>Beste <strong>Jan</strong>,</p></div></section>',
    );
    const two = renderWidgetHtml(
      widget('TEXT2COL48', { textcontent: '<p>links</p>', textcontent2: '<p>rechts</p>' }),
      input(),
    );
    expect(two).toContain(
      '<div class="im-cols im-cols-48"><div class="im-col im-rich"><p>links</p></div><div class="im-col im-rich"><p>rechts</p></div></div>',
    );
  });

  it('shows custom HTML only on its target', () => {
    const widgets = [
      widget('CUSTOMHTML', { textcontent: '<div class="both">beide</div>' }),
      widget('CUSTOMHTMLPDFONLY', { textcontent: '<div class="pdf-only">pdf</div>' }),
      widget('CUSTOMHTMLWEBONLY', { textcontent: '<script>web()</script>' }),
    ];
    const web = renderDocument(input({ widgets })).html;
    const pdf = renderDocument(input({ widgets, target: 'pdf' })).html;
    expect(web).toContain('<div class="both">beide</div>');
    expect(pdf).toContain('<div class="both">beide</div>');
    expect(web).not.toContain('pdf-only');
    expect(pdf).toContain('<div class="pdf-only">pdf</div>');
    expect(web).toContain('<script>web()</script>');
    expect(pdf).not.toContain('<script');
  });

  it('puts the PDF header and footer in the templates, never in the body', () => {
    const widgets = [
      widget('PDFHEADER', { textcontent: '<p>KOPTEKST</p>' }),
      widget('TEXT', { textcontent: '<p>inhoud</p>' }),
      widget('PDFFOOTER', { textcontent: '<p>VOETTEKST</p>' }),
    ];
    const pdf = renderDocument(input({ widgets, target: 'pdf' }));
    expect(pdf.html).not.toContain('KOPTEKST');
    expect(pdf.html).not.toContain('VOETTEKST');
    expect(pdf.header_html).toContain('<p>KOPTEKST</p>');
    expect(pdf.header_html).toContain('font-size: 9px');
    expect(pdf.footer_html).toContain('<p>VOETTEKST</p>');
    expect(pdf.footer_html).toContain(
      'Pagina <span class="pageNumber"></span> van <span class="totalPages"></span>',
    );
    const web = renderDocument(input({ widgets }));
    expect(web.html).not.toMatch(/KOPTEKST|VOETTEKST/);
    expect([web.header_html, web.footer_html]).toEqual(['', '']);
    for (const w of widgets.filter((x) => x.tag !== 'TEXT'))
      expect(renderWidgetHtml(w, input({ target: 'pdf' }))).toBe('');
  });

  it('always numbers the PDF pages, also without a footer widget', () => {
    const pdf = renderDocument(input({ target: 'pdf' }));
    expect(pdf.header_html).toBe('');
    expect(pdf.footer_html).toContain('class="pageNumber"');
    expect(pdf.footer_html).toContain('class="totalPages"');
    expect(pdf.footer_html).toContain('Zonnestroom Noord B.V.');
  });

  it('breaks the page in the PDF and draws a line on the web', () => {
    expect(renderWidgetHtml(widget('PAGEBREAK'), input({ target: 'pdf' }))).toContain(
      '<div class="im-pagebreak" style="break-after: page"></div>',
    );
    expect(renderWidgetHtml(widget('PAGEBREAK'), input())).toContain('<hr class="im-pagebreak-web">');
  });

  it('lays out pictures and leaves out a missing one', () => {
    const src = 'data:image/jpeg;base64,/9j/4AAQ';
    for (const layout of [
      'fullwidth',
      'fullwidthnotopmargin',
      'alignleft',
      'alignright',
      'aligncenter',
      'centerhalf',
    ] as const) {
      const html = renderWidgetHtml(
        widget('WIDGETPICTURE', { picture_src: src, picture_layout: layout }),
        input(),
      );
      expect(html).toContain(
        `<figure class="im-picture im-picture-${layout}"><img src="${src}" alt=""></figure>`,
      );
    }
    expect(renderWidgetHtml(widget('WIDGETPICTURE', { picture_src: null }), input())).toBe('');
    const css = renderDocument(input()).html;
    expect(css).toMatch(/\.im-picture-alignleft\{float:left;width:45%/);
    expect(css).toMatch(/\.im-picture-centerhalf img\{width:50%/);
  });

  it('lists the locations and shows nothing for forms widgets', () => {
    const html = renderWidgetHtml(
      widget('LOCATIONS'),
      input({ locations: [{ label: 'Woning', address: 'Oosterstraat 14, 9711 NV Groningen' }] }),
    );
    expect(html).toContain('<th scope="row">Woning</th><td>Oosterstraat 14, 9711 NV Groningen</td>');
    expect(renderWidgetHtml(widget('LOCATIONS'), input())).toBe('');
    for (const tag of ['RECURRING', 'ROOMS', 'VERTICALPHOTOS'] as const)
      expect(renderWidgetHtml(widget(tag), input())).toBe('');
  });
});

describe('calculation tables', () => {
  it('shows the engine amounts of a line at 21 % and a line at 9 % with the totals', () => {
    const html = table([], [], [insulation, labour]);
    const first = rowOf(html, 'Isolatie');
    expect(first).toContain('10 m²');
    expect(first).toContain('Glaswol 100 mm');
    // (10 x 24,50 + 50,00) x 1,21 = 356,95 for 10 m²: 35,695 per m² including the start amount,
    // shown in cents (decision 038); the line's total stays the engine's.
    expect(first).toContain('€ 35,70');
    expect(first).not.toContain('35,695');
    expect(first).toContain('€ 356,95');
    const second = rowOf(html, 'Arbeid');
    expect(second).toContain('2,5 uur');
    expect(second).toContain('€ 43,60');
    expect(second).toContain('€ 109,00');
    expect(rowOf(html, 'Totaal excl. btw')).toContain('€ 395,00');
    expect(rowOf(html, 'Btw 9%')).toContain('€ 9,00');
    expect(rowOf(html, 'Btw 21%')).toContain('€ 61,95');
    expect(rowOf(html, 'Totaal incl. btw</td>')).toContain('€ 465,95');
    expect(rowOf(html, 'Totaal incl. btw</td>')).toContain('im-grand');
    expect(html).toContain('<th scope="col">Omschrijving</th>');
  });

  it('keeps the chosen column and row order', () => {
    const columns: CalculationTableColumn[] = [
      'TOTALINC',
      'DESCR',
      'UNITEXCSTARTINCBTW',
      'UNITEXCSTARTEXCBTW',
      'UNITINCSTARTEXCBTW',
      'STARTEXCBTW',
      'STARTINCBTW',
      'BTW21',
      'BTW6',
      'TOTALEXC',
    ];
    const html = table(columns, ['HEADER', 'INCVATAFTER', 'VAT6', 'EXCVAT', 'VAT21'], [insulation, labour]);
    const cells = [...rowOf(html, 'Isolatie').matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1]);
    expect(cells).toEqual([
      '€ 356,95',
      'Isolatie &lt;b&gt;dik&lt;/b&gt;<div class="im-info">Glaswol 100 mm</div>',
      '€ 29,65',
      '€ 24,50',
      '€ 29,50',
      '€ 50,00',
      '€ 60,50',
      '€ 61,95',
      '€ 0,00',
      '€ 295,00',
    ]);
    const headers = [...html.matchAll(/<th scope="col"[^>]*>(.*?)<\/th>/g)].map((m) => m[1]);
    expect(headers[0]).toBe('Totaal incl. btw');
    expect(headers[1]).toBe('Omschrijving');
    const labels = [...html.matchAll(/class="im-total-label"[^>]*>(.*?)<\/td>/g)].map((m) => m[1]);
    // VAT 6 % is 0 and left out.
    expect(labels).toEqual(['Totaal incl. btw', 'Totaal excl. btw', 'Btw 21%']);
  });

  it('shows unit prices in cents, rounded half up, and keeps the engine line total', () => {
    // € 1.100,00 for 12 pieces: 91,6667 a piece shows as 91,67; the total stays 1.100,00 incl.
    const html = table(
      ['DESCR', 'UNITINCSTARTINCBTW', 'UNITINCSTARTEXCBTW', 'TOTALINC'],
      [],
      [{ id: 1, name: 'Paneel', product_amount: 12, unit_rate_inc_manual: 1100 / 12 }],
    );
    const row = rowOf(html, 'Paneel');
    expect(row).toContain('€ 91,67');
    expect(row).toContain('€ 1.100,00');
    expect(row).not.toMatch(/€ \d+,\d{3}/);
  });

  it('names every cell after its column, so a phone can stack a line as labelled values', () => {
    const row = rowOf(
      table(['DESCR', 'AMOUNT', 'UNITINCSTARTINCBTW', 'TOTALINC'], [], [insulation]),
      'Isolatie',
    );
    expect(row).toContain('<td class="im-descr" data-label="Omschrijving">');
    expect(row).toContain('<td class="im-num" data-label="Aantal">10 m²</td>');
    expect(row).toContain('<td class="im-num" data-label="Prijs incl. btw">');
    expect(row).toContain('<td class="im-num" data-label="Totaal incl. btw">€ 356,95</td>');
  });

  it('has no column headers without the HEADER row', () => {
    expect(table(['DESCR', 'TOTALINC'], ['INCVATAFTER'], [insulation])).not.toContain('<thead>');
  });

  it('shows a deselected line muted as optional without counting it', () => {
    const html = table([], [], [insulation, labour, battery]);
    const row = rowOf(html, 'Thuisbatterij');
    expect(row).toContain('im-muted');
    expect(row).toContain('(optioneel)');
    expect(row).toContain('€ 6.050,00');
    expect(rowOf(html, 'Isolatie')).not.toContain('im-muted');
    expect(rowOf(html, 'Totaal incl. btw</td>')).toContain('€ 465,95');
  });

  it('shows header lines as groups and sub-lines only with subs, folded into the parent otherwise', () => {
    const lines: Line[] = [
      { id: 10, name: 'Dak', item_type: 'header' },
      { id: 11, name: 'Zonnepaneel', parent_id: 10, depth: 1, product_amount: 12, unit_rate_exc_manual: 165 },
      { id: 12, name: 'Montageset', parent_id: 11, depth: 2, product_amount: 1, unit_rate_exc_manual: 10 },
    ];
    const without = table(['DESCR', 'AMOUNT', 'TOTALEXC'], ['HEADER'], lines);
    expect(rowOf(without, 'Dak')).toContain('<tr class="im-group"><td colspan="3">Dak</td></tr>');
    expect(without).not.toContain('Montageset');
    // 12 x 165,00 plus 12 sets of 10,00.
    expect(rowOf(without, 'Zonnepaneel')).toContain('€ 2.100,00');
    const withSubs = table(['DESCR', 'AMOUNT', 'TOTALEXC'], ['HEADER'], lines, 'CALCULATIONITEMSINCLSUBS');
    expect(rowOf(withSubs, 'Zonnepaneel')).toContain('€ 1.980,00');
    const sub = rowOf(withSubs, 'Montageset');
    expect(sub).toContain('12 stuks');
    expect(sub).toContain('€ 120,00');
    expect(sub).toContain('padding-left:3.00em');
  });

  it('shows only the additional work with its own sums', () => {
    const extra: Line = {
      id: 4,
      name: 'Extra groep',
      product_amount: 1,
      unit_rate_exc_manual: 150,
      additionalwork: true,
    };
    const html = table([], [], [insulation, labour, extra], 'ADDITIONALITEMS');
    expect(html).toContain('Extra groep');
    expect(html).not.toContain('Isolatie');
    expect(html).not.toContain('Arbeid');
    expect(rowOf(html, 'Totaal meerwerk excl. btw')).toContain('€ 150,00');
    expect(rowOf(html, 'Totaal meerwerk incl. btw')).toContain('€ 181,50');
    expect(table([], [], [insulation], 'ADDITIONALITEMS')).toBe('');
  });

  it('shows the discount rows only when there is a discount', () => {
    const rows: CalculationTotalRow[] = ['EXCVATBEFOREEXCDISCOUNT', 'DISCOUNTEXCVAT', 'EXCVAT'];
    expect(table([], rows, [insulation])).not.toContain('Korting');
    const doc = input({ calculation: calculation([insulation], 10) });
    const html = plain(renderWidgetHtml(widget('CALCULATIONITEMS', { rows }), doc));
    expect(rowOf(html, 'Korting excl. btw')).toContain('€ 29,50');
    expect(rowOf(html, 'voor korting')).toContain('€ 295,00');
  });

  it('renders nothing without a calculation', () => {
    expect(renderWidgetHtml(widget('CALCULATIONITEMS'), input())).toBe('');
  });
});

describe('custom CSS', () => {
  it('is scoped to the document without </style and @import', () => {
    const { html } = renderDocument(
      input({
        custom_css:
          '@import url(https://x.example/a.css);\nh2 { color: #333 }</STYLE><script>alert(1)</script>@\\69mport "b.css";',
      }),
    );
    const custom = html.match(/<style>(@scope[\s\S]*?)<\/style>/)?.[1] ?? '';
    expect(custom.startsWith('@scope (.im-doc) {')).toBe(true);
    expect(custom).toContain('h2 { color: #333 }');
    expect(custom).not.toMatch(/<\/style|@import|x\.example|b\.css/i);
    expect(html).not.toMatch(/<script/i);
    expect(html.indexOf('@scope')).toBeGreaterThan(html.indexOf('.im-doc{--im-brand'));
  });

  it('cannot leave the scope block nor join a </style from its parts', () => {
    const { html } = renderDocument(
      input({ custom_css: 'p{color:red}} body{display:none} </sty</stylele>' }),
    );
    const custom = html.match(/<style>(@scope[\s\S]*?)<\/style>/)?.[1] ?? '';
    expect(custom).not.toMatch(/<\/sty/i);
    expect(custom).toBe('@scope (.im-doc) {\np{color:red} body{display:none} >\n}');
  });
});

describe('an invoice leads with what it asks (decision 030)', () => {
  const billed = {
    exc_0: 0,
    exc_6: 0,
    exc_9: 0,
    exc_21: 1425.21,
    vat_6: 0,
    vat_9: 0,
    vat_21: 299.3,
    exc: 1425.21,
    vat: 299.3,
    inc: 1724.51,
  };
  const invoice = (partial_text: string | null) =>
    input({
      kind: 'invoice',
      kind_label: 'Factuur',
      enddate: '2026-12-19',
      widgets: [widget('TEXT', { textcontent: '<p>Beste klant, de hele opdracht:</p>' })],
      invoice: {
        type_label: partial_text ? 'Deelfactuur' : 'Factuur',
        billed,
        partial_text,
        credited_number: null,
        reverse_charge: false,
        iban: 'NL91ABNA0417164300',
        account_name: 'Zonnestroom Noord B.V.',
        kvk: '12345678',
        vat_id: 'NL000099998B57',
        customer_vat_id: '',
      },
    });

  it('shows the amount of this part and its due date before the calculation of the whole', () => {
    const html = plain(
      renderDocument(invoice('Deelfactuur: 30% van het totaalbedrag van € 5.748,36 incl. btw.')).html,
    );
    const due = html.indexOf('Deelfactuurbedrag incl. btw');
    expect(due).toBeGreaterThan(html.indexOf('im-title'));
    expect(due).toBeLessThan(html.indexOf('de hele opdracht'));
    expect(html.slice(due, html.indexOf('de hele opdracht'))).toContain('€ 1.724,51');
    expect(html).toContain('Te betalen vóór</th><td>19 december 2026');
    expect(html).toContain('ter referentie');
  });

  it('shows a whole invoice its amount without a reference note, and a credit invoice no due box', () => {
    const whole = plain(renderDocument(invoice(null)).html);
    expect(whole).toContain('Factuurbedrag incl. btw');
    expect(whole).not.toContain('ter referentie');
    const credit = invoice(null);
    credit.invoice!.billed = {
      ...billed,
      exc_21: -1425.21,
      vat_21: -299.3,
      exc: -1425.21,
      vat: -299.3,
      inc: -1724.51,
    };
    expect(renderDocument(credit).html).not.toContain('class="im-due"');
  });
});
