import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

// One DOMPurify instance on a server-side window. Rich text from the editor keeps its formatting;
// script, style, frames, forms, event handlers and javascript: URLs go (decision 019).
const purify = createDOMPurify(new JSDOM('').window);

const FORBID_TAGS = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'link',
  'meta',
  'base',
  'svg',
  'math',
];

/** Sanitises HTML before it is stored or sent: what is left can be shown and mailed safely. */
export function sanitizeHtml(html: string): string {
  if (!html) return '';
  return purify.sanitize(html, {
    FORBID_TAGS,
    FORBID_ATTR: ['style', 'srcset'],
    // A picture's width keeps a large photo from overflowing a mail (decision 064). It is no URL, so
    // it is exempt from the URI rule below (which would refuse a bare number).
    ADD_URI_SAFE_ATTR: ['width'],
    ALLOW_DATA_ATTR: false,
    // A link may also be one merge tag (`{{ document.link }}`): the filled-in URL is checked again when
    // the text is rendered and sanitised for sending or showing.
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|#|\/|\{\{\s*[a-z_.]+\s*\}\}$)/i,
  });
}

/** The text of sanitised HTML, for the plain-text part of a mail. */
export function htmlToText(html: string): string {
  const doc = new JSDOM(`<body>${html}</body>`).window.document;
  for (const br of doc.querySelectorAll('br')) br.replaceWith('\n');
  for (const block of doc.querySelectorAll('p, div, li, h1, h2, h3, h4, tr')) block.append('\n');
  for (const a of doc.querySelectorAll('a[href]')) {
    const href = a.getAttribute('href') ?? '';
    if (href && href !== a.textContent) a.append(` (${href})`);
  }
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
