import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { en } from '../../i18n/en';

describe('calculation texts', () => {
  it('counts lines in the singular for one', () => {
    const t = i18n.getFixedT('nl');
    expect(t('calculations.items', { count: 1 })).toBe('1 regel');
    expect(t('calculations.items', { count: 12 })).toBe('12 regels');
    // The English catalogue is loaded on demand in the app; here it is added directly.
    // Test files share one module graph (isolate: false), so it is taken away again afterwards.
    i18n.addResourceBundle('en', 'translation', en);
    try {
      expect(i18n.getFixedT('en')('calculations.items', { count: 1 })).toBe('1 line');
    } finally {
      i18n.removeResourceBundle('en', 'translation');
    }
  });

  it('says inside a calculation that it has no lines yet, not that there are no calculations', () => {
    const t = i18n.getFixedT('nl');
    expect(t('calculations.noLines')).toMatch(/^Nog geen regels\./);
    expect(t('calculations.none')).toBe('Nog geen calculaties.');
  });
});
