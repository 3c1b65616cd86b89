import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY } from './language-key';
import { nl } from './nl';

export { LANGUAGE_STORAGE_KEY };
export const LANGUAGES = ['nl', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return value === 'en' ? 'en' : 'nl';
  } catch {
    return 'nl';
  }
}

// Dutch is the app's language and comes with the first screen; the English catalogue is loaded when a
// user has chosen it (it would add about half the catalogue to the login screen's budget for few users).
void i18n.use(initReactI18next).init({
  resources: { nl: { translation: nl } },
  lng: 'nl',
  fallbackLng: 'nl',
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  initAsync: false,
});

document.documentElement.lang = 'nl';

async function switchTo(language: Language): Promise<void> {
  if (language === 'en' && !i18n.hasResourceBundle('en', 'translation')) {
    const { en } = await import('./en');
    i18n.addResourceBundle('en', 'translation', en);
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

if (storedLanguage() === 'en') void switchTo('en');

export function changeLanguage(language: Language): void {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  void switchTo(language);
}

export { i18n };
