// What the one document renderer takes (decision 021). The server prepares it (widgets filtered by
// their show rules, merge tags filled in, pictures as data: URLs) and renders the same HTML for the
// staff preview, the customer page and the PDF.
import type { BilledAmounts } from '../calculation/billing';
import type { Calculation } from '../contract/calculations';
import type { DocumentKind, DocumentStatus } from './kinds';
import type { CalculationTableColumn, CalculationTotalRow, PictureLayout, WidgetTag } from './widgets';

export type RenderTarget = 'web' | 'pdf';

export interface RenderWidget {
  id: number;
  tag: WidgetTag;
  /** Rich text tags: sanitised HTML, merge tags already filled in. Plain line tags: plain text. Custom HTML: raw HTML. */
  textcontent: string;
  /** Second column of the two-column text widgets (sanitised HTML). */
  textcontent2: string;
  textcontent3: string;
  /** Picture layout for WIDGETPICTURE; otherwise free. */
  stringcontent: string;
  custom_class: string;
  /** Inline CSS declarations for the widget's box ("margin-top: 2mm; color: #333"). */
  custom_styling: string;
  /** WIDGETPICTURE: the picture as a data: URL, or null when none was uploaded. */
  picture_src: string | null;
  picture_layout: PictureLayout;
  /** Calculation tables: the chosen columns and rows in order (only selected ones). */
  columns: CalculationTableColumn[];
  rows: CalculationTotalRow[];
  /** RECURRING: the widget's text once per filled-in copy of its form (sanitised, merge tags filled). */
  repeated?: string[];
  /** VERTICALPHOTOS: the photos of the flow's forms (or of the widget's form) as data: URLs. */
  photos?: { src: string; caption: string }[];
}

/** A room of the flow's forms (item type room): its name, derived area and other values. */
export interface RenderRoom {
  name: string;
  /** m², rounded to 2 decimals. */
  area: number | null;
  details: { label: string; value: string }[];
}

export interface RenderParty {
  name: string;
  /** Address lines, already formatted ("Oosterstraat 14", "9711 NV Groningen"). */
  lines: string[];
}

export interface RenderLocation {
  label: string;
  address: string;
}

/** An invoice's own part of the page (decision 022): what it bills and how to pay. */
export interface RenderInvoice {
  /** 'Factuur', 'Deelfactuur', 'Restfactuur' or 'Creditfactuur'. */
  type_label: string;
  billed: BilledAmounts;
  /** A partial invoice: 'Deelfactuur 30% van het totaalbedrag van € 12.345,00 incl. btw'. */
  partial_text: string | null;
  /** A credit invoice: the number of the invoice it credits. */
  credited_number: number | null;
  reverse_charge: boolean;
  /** The company's payment details, for the payment line (empty when not filled in). */
  iban: string;
  account_name: string;
  kvk: string;
  vat_id: string;
  /** The customer's VAT id (reverse charge). */
  customer_vat_id: string;
}

export interface DocumentRenderInput {
  target: RenderTarget;
  kind: DocumentKind;
  /** The heading word: "Offerte", "Opdrachtbevestiging" or the document type's description. */
  kind_label: string;
  number: number | null;
  title: string;
  status: DocumentStatus;
  /** ISO dates (yyyy-mm-dd) or null. */
  documentdate: string | null;
  enddate: string | null;
  company: RenderParty & { logo_src: string | null; brand_color: string | null };
  customer: RenderParty | null;
  flow_number: number | null;
  /** Only the document's own CSS; it is scoped under the document root by the renderer. */
  custom_css: string;
  widgets: RenderWidget[];
  calculation: Calculation | null;
  locations: RenderLocation[];
  /** ROOMS: the rooms measured in the flow's forms. */
  rooms?: RenderRoom[];
  /** Only for an invoice. */
  invoice?: RenderInvoice | null;
}

export interface RenderedDocument {
  /** A whole HTML page (doctype, style, body) that needs no network and no script. */
  html: string;
  /** Chromium header/footer templates for the PDF (inline styles only); empty when none. */
  header_html: string;
  footer_html: string;
}
