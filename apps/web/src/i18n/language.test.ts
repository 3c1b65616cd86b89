import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n, LANGUAGE_STORAGE_KEY } from '.';

describe('language', () => {
  it('starts in Dutch and loads the English catalogue only when a user chooses it', async () => {
    expect(i18n.t('common.save')).toBe('Opslaan');
    // Another test file in this worker may have added the English catalogue (isolate: false); it is
    // taken away so that the switch below has to load it.
    if (i18n.hasResourceBundle('en', 'translation')) i18n.removeResourceBundle('en', 'translation');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    changeLanguage('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    await waitFor(() => expect(i18n.t('common.save')).toBe('Save'));
    expect(document.documentElement.lang).toBe('en');
    changeLanguage('nl');
    await waitFor(() => expect(i18n.t('common.save')).toBe('Opslaan'));
  });
});
