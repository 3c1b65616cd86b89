import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetAutosaveEntries } from '../ui/autosave/autosave-store';
import { closeAllModals } from '../ui/modal-manager';
import { clearToasts } from '../ui/toasts';
import { signaturePads } from './signature-pad';
import '../i18n';

// Screens are lazy chunks; under a full parallel run on a busy machine their first import takes seconds.
configure({ asyncUtilTimeout: 8000 });

// jsdom lacks these browser APIs that Mantine relies on.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    // An empty query matches everything in browsers (mantine-datatable relies on it for headers).
    value: (query: string) => ({
      matches: query.trim() === '' || query.trim() === 'all',
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};

// Mantine's autosize Textarea listens for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

// The signature pad needs a canvas: every file gets the stand-in (./signature-pad.ts).
vi.mock('signature_pad', async () => ({ default: (await import('./signature-pad')).FakeSignaturePad }));

// axe-core probes a canvas; jsdom has none and would log an error for every run.
HTMLCanvasElement.prototype.getContext = () => null;

// Test files share one module graph per worker (isolate: false in vitest.config.ts): what lives in a
// module (Mantine's notification store, the app's modal stack) is emptied after every test, as the DOM
// and storage are.
afterEach(() => {
  cleanup();
  clearToasts();
  closeAllModals();
  signaturePads.length = 0;
  resetAutosaveEntries();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
