/// <reference types="vite-plugin-pwa/client" />
import { offerUpdate } from './app-update';

/**
 * Registers the staff app's service worker (built by vite-plugin-pwa, decision 059) once the page has
 * loaded, so its precaching never competes with the first screen. Only in a build: the development
 * server has no worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    void import('virtual:pwa-register')
      .then(({ registerSW }) => {
        const updateSW = registerSW({
          onNeedRefresh: () => offerUpdate(() => updateSW(true)),
        });
      })
      .catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
