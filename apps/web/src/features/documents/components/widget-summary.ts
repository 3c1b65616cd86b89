import {
  CALCULATION_COLUMN_HEADERS,
  CALCULATION_WIDGET_TAGS,
  CUSTOM_HTML_TAGS,
  DEFAULT_WIDGET_COLUMNS,
  type DocumentWidget,
  PICTURE_LAYOUT_LABELS,
  type PictureLayout,
  PLAIN_LINE_TAGS,
  RICH_TEXT_TAGS,
} from '@im/domain';

const MAX = 140;

/** The text of stored HTML, without running or loading anything (a parsed, inert document). */
export function textOf(html: string): string {
  if (!html) return '';
  // Blocks and line breaks end in a space, so paragraphs do not run into each other.
  const spaced = html.replace(/<\/(p|div|li|h[1-6])>|<br\s*\/?>/gi, '$& ');
  const parsed = new DOMParser().parseFromString(spaced, 'text/html');
  return (parsed.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function cut(text: string): string {
  return text.length > MAX ? `${text.slice(0, MAX)}…` : text;
}

/** A short line of what a widget shows, for its card in the editor. */
export function summarizeWidget(widget: DocumentWidget): string {
  const tag = widget.documentwidgettype.tag;
  if (PLAIN_LINE_TAGS.includes(tag)) return cut(widget.textcontent);
  if (RICH_TEXT_TAGS.includes(tag))
    return cut([textOf(widget.textcontent), textOf(widget.textcontent2)].filter(Boolean).join(' | '));
  if (CUSTOM_HTML_TAGS.includes(tag)) return cut(widget.textcontent.replace(/\s+/g, ' ').trim());
  if (tag === 'WIDGETPICTURE') {
    const layout = PICTURE_LAYOUT_LABELS[widget.stringcontent as PictureLayout];
    return [widget.widgetpicture?.filename, layout].filter(Boolean).join(' · ');
  }
  if (CALCULATION_WIDGET_TAGS.includes(tag)) {
    const columns = widget.calculationitemColumns.length
      ? widget.calculationitemColumns.filter((c) => c.selected).map((c) => c.tag)
      : DEFAULT_WIDGET_COLUMNS;
    return cut(columns.map((c) => CALCULATION_COLUMN_HEADERS[c]).join(', '));
  }
  return '';
}
