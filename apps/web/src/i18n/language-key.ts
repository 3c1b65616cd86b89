/** Where the chosen language is kept; main.tsx reads it before the catalogue loads. */
export const LANGUAGE_STORAGE_KEY = 'im.language';
