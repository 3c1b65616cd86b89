import { describe, expect, it } from 'vitest';
import { defuseLiquid, renderMergeTags } from './index';

const NAME = 'Kees {% for i in (1..3) %}X{% endfor %} {{ gebruiker.email }} {{ 7*191 }}';
const data = { relatie: { naam: NAME }, gebruiker: { email: 'sanne@installateur.test' } };
const visible = (s: string) => s.replaceAll('\u200b', '');

describe('merge values are data, never template source', () => {
  it('renders a value once as written, and rendering the result again changes nothing', () => {
    for (const html of [true, false]) {
      const once = renderMergeTags('Beste {{ relatie.naam }},', data, { html });
      const twice = renderMergeTags(once, data, { html });
      expect(twice).toBe(once);
      expect(visible(twice)).toBe(`Beste ${NAME},`);
      expect(twice).not.toContain('XXX');
      expect(twice).not.toContain('sanne@');
      expect(twice).not.toContain('1337');
    }
  });

  it('keeps escaping HTML, and `raw` does not undo it', () => {
    const evil = { relatie: { naam: '<b>{{ x }}</b>' } };
    expect(visible(renderMergeTags('{{ relatie.naam | raw }}', evil, { html: true }))).toBe(
      '&lt;b&gt;{{ x }}&lt;/b&gt;',
    );
    expect(renderMergeTags('{{ relatie.naam }}', evil, { html: false })).toBe(defuseLiquid('<b>{{ x }}</b>'));
  });
});
