import 'i18next';
import type { Catalog } from './nl';

// Typed keys: a t('...') call with a key missing from the Dutch catalog fails the typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalog };
  }
}
