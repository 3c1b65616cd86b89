import { describe, expect, it } from 'vitest';
import { checkMergeTags, exampleMergeData, LaterMergeTag, MERGE_TAGS, renderMergeTags } from './index';

describe('merge tags', () => {
  it('renders known tags, escaping values in HTML but not in plain text', () => {
    const data = { relatie: { naam: 'Jan <b>de</b> Vries' }, dossier: { nummer: 1042 } };
    expect(
      renderMergeTags('<p>Beste {{ relatie.naam }}, dossier {{ dossier.nummer }}</p>', data, { html: true }),
    ).toBe('<p>Beste Jan &lt;b&gt;de&lt;/b&gt; Vries, dossier 1042</p>');
    expect(
      renderMergeTags('Dossier {{ dossier.nummer }} voor {{ relatie.naam }}', data, { html: false }),
    ).toBe('Dossier 1042 voor Jan <b>de</b> Vries');
  });

  it('formats Dutch dates and money, and renders a known tag without a value empty', () => {
    expect(renderMergeTags("{{ '2026-03-29T10:00:00Z' | datum }}", {}, { html: false })).toBe(
      '29 maart 2026',
    );
    expect(renderMergeTags("{{ '1234.565' | bedrag }}", {}, { html: false })).toBe('€\u00a01.234,57');
    expect(renderMergeTags('[{{ relatie.email }}]', {}, { html: true })).toBe('[]');
  });

  it('names unknown tags and syntax errors when a template is saved', () => {
    expect(checkMergeTags('Beste {{ relatie.naam }}')).toBeNull();
    expect(checkMergeTags('Beste {{ klant.naam }} en {{ relatie.schoenmaat }}')).toBe(
      'Onbekende samenvoegcodes: {{ klant.naam }}, {{ relatie.schoenmaat }}.',
    );
    expect(checkMergeTags('Beste {{ relatie.naam ')).toMatch(/^De samenvoegcodes kloppen niet/);
    expect(checkMergeTags('{{ relatie.naam | onbekendfilter }}')).toMatch(/^De samenvoegcodes kloppen niet/);
  });

  it('runs no code and stays within limits', () => {
    expect(renderMergeTags('{{ relatie.constructor }}', {}, { html: false })).toBe('');
    expect(() =>
      renderMergeTags('{% for i in (1..100000000) %}x{% endfor %}', {}, { html: false }),
    ).toThrow();
  });

  it('has an example value for every tag', () => {
    const data = exampleMergeData();
    for (const t of MERGE_TAGS)
      expect(renderMergeTags(`{{ ${t.tag} }}`, data, { html: false })).toBe(t.example);
  });
});

describe('a tag left for a later rendering', () => {
  it('is written out as the tag and filled in by the next rendering, unlike a value that looks like one', () => {
    const first = renderMergeTags(
      'Factuur {{ document.nummer }} voor {{ relatie.naam }}',
      {
        document: { nummer: new LaterMergeTag('document.nummer') },
        relatie: { naam: '{{ gebruiker.email }}' },
      },
      { html: true },
    );
    expect(first).toContain('Factuur {{ document.nummer }} voor');
    const second = renderMergeTags(
      first,
      { document: { nummer: '1043' }, gebruiker: { email: 'geheim@voorbeeld.nl' } },
      { html: true },
    );
    expect(second).toContain('Factuur 1043 voor');
    expect(second).not.toContain('geheim@voorbeeld.nl');
  });
});
