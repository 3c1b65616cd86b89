import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('keeps formatting and links, drops scripts, handlers and javascript: URLs', () => {
    expect(sanitizeHtml('<p>Beste <strong>Jan</strong>, <a href="https://voorbeeld.nl">link</a></p>')).toBe(
      '<p>Beste <strong>Jan</strong>, <a href="https://voorbeeld.nl">link</a></p>',
    );
    expect(sanitizeHtml('<p>Hoi<script>alert(1)</script></p>')).toBe('<p>Hoi</p>');
    expect(sanitizeHtml('<img src="https://x.nl/x.png" onerror="alert(1)">')).toBe(
      '<img src="https://x.nl/x.png">',
    );
    expect(sanitizeHtml('<a href="javascript:alert(1)">klik</a>')).toBe('<a>klik</a>');
    expect(sanitizeHtml('<img src="/api/mediafile/public/abc" alt="logo" width="600">')).toBe(
      '<img src="/api/mediafile/public/abc" alt="logo" width="600">',
    );
    expect(sanitizeHtml('<p style="color:red" onclick="x()">t</p><iframe src="https://x"></iframe>')).toBe(
      '<p>t</p>',
    );
  });
  it('leaves merge tags alone', () => {
    expect(sanitizeHtml('<p>Beste {{ relatie.naam }},</p>')).toBe('<p>Beste {{ relatie.naam }},</p>');
    // A link that is one merge tag stays (its URL is checked again once filled in); anything else around it does not.
    expect(sanitizeHtml('<a href="{{ document.link }}">link</a>')).toBe(
      '<a href="{{ document.link }}">link</a>',
    );
    expect(sanitizeHtml('<a href="{{ document.link }}javascript:x">link</a>')).toBe('<a>link</a>');
  });
  it('makes a plain-text part', () => {
    expect(htmlToText('<p>Beste Jan,</p><p>Zie <a href="https://x.nl">hier</a>.<br>Groet</p>')).toBe(
      'Beste Jan,\nZie hier (https://x.nl).\nGroet',
    );
  });
});
