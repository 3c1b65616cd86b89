import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { nl } from './nl';

export const LANGUAGE_STORAGE_KEY = 'im.language';
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

void i18n.use(initReactI18next).init({
  resources: { nl: { translation: nl }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'nl',
  interpolation: { escapeValue: false },
  initAsync: false,
});

document.documentElement.lang = i18n.language;

export function changeLanguage(language: Language): void {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  void i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

export { i18n };
