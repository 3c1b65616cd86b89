import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { startEarlyRead } from './api/early-reads';
import { getToken, setToken } from './api/token';
import { LoginFirst } from './app/login-first/login-first';
import { pageScaleFor } from './app/page-scale';
import { registerServiceWorker } from './app/pwa/register-service-worker';
import type { AuthAnswer } from './features/auth';
import { loginNl } from './features/auth/i18n';
import { dashboardLayoutUrl, loadDashboardScreen } from './features/dashboard';
import { LANGUAGE_STORAGE_KEY } from './i18n/language-key';

// Decision 051: a first visit without a session, on the login route, gets a small login screen at once
// (React and one CSS file); the app (Mantine, router, catalogue, contract) loads in idle time and takes
// over after the login, or when a link leaves the login route. Everything else starts the app at once.
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const LOGIN_HASHES = new Set(['', '#', '#/', '#/login']);

function isDutch(): boolean {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY) !== 'en';
  } catch {
    return true;
  }
}

const loadApp = () => import('./app/start');

/**
 * What the first screen after a login needs beyond the app: the shell (menu, top bar) and the user
 * dashboard, fetched beside the app rather than after it.
 */
function prefetchAfterLogin(): void {
  void import('./app/shell/app-shell').catch(() => undefined);
  void loadDashboardScreen().catch(() => undefined);
}

registerServiceWorker();

if (!getToken() && isDutch() && LOGIN_HASHES.has(window.location.hash)) startWithLogin(root);
else void loadApp().then(({ startApp }) => startApp(root));

function startWithLogin(container: HTMLElement): void {
  // As the app's guard would: the login route has its address.
  if (window.location.hash !== '#/login') window.history.replaceState(null, '', '#/login');
  const stopScale = followPageScale(container);
  let first: Root | null = createRoot(container);
  const handOver = async (login?: AuthAnswer) => {
    // The token is kept first: a reload after a failed app download finds the session.
    if (login) setToken(login.token);
    if (login) {
      // The dashboard's first answer comes beside the app's files rather than after them (decision 076).
      startEarlyRead(dashboardLayoutUrl('standard'), login.token);
      prefetchAfterLogin();
    }
    const { startApp } = await loadApp().catch(() => {
      throw new Error(loginNl.api.network);
    });
    if (!first) return;
    window.removeEventListener('hashchange', onHashChange);
    stopScale();
    first.unmount();
    first = null;
    startApp(container, login);
  };
  // A link to another route (lost password, register, privacy) is the app's to show.
  const onHashChange = () => {
    if (window.location.hash !== '#/login') void handOver();
  };
  window.addEventListener('hashchange', onHashChange);
  first.render(
    <StrictMode>
      <LoginFirst onLoggedIn={handOver} />
    </StrictMode>,
  );
  // The rest of the app, its shell and the dashboard load once the form is up and the browser is idle,
  // so a login does not wait for them.
  const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 200));
  idle(() => {
    preloadAfterLogin(() => {
      void loadApp().catch(() => undefined);
      prefetchAfterLogin();
    });
  });
}

/**
 * The files the build listed for the first screen after a login (build/after-login-files.ts), fetched at
 * low priority: on HTTP/1.1 (six connections) the login's own request, sent while they load, goes before
 * them instead of after the last (decision 076). `then` runs when they are in (evaluating them costs no
 * request any more), or at once without a list (development).
 */
function preloadAfterLogin(then: () => void): void {
  let files: string[] = [];
  try {
    files = JSON.parse(document.getElementById('im-after-login')?.textContent ?? '[]') as string[];
  } catch {
    files = [];
  }
  let waiting = files.length;
  if (waiting === 0) {
    then();
    return;
  }
  const done = () => {
    waiting -= 1;
    if (waiting === 0) then();
  };
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = file;
    link.fetchPriority = 'low';
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
    document.head.append(link);
  }
}

/** The app's page zoom between phone and desk widths (app/page-scale.ts), until the app applies it. */
function followPageScale(container: HTMLElement): () => void {
  const apply = () => {
    const scale = pageScaleFor(window.innerWidth);
    if (scale < 1) {
      container.style.zoom = String(scale);
      container.style.setProperty('--im-page-zoom', String(scale));
    } else {
      container.style.zoom = '';
      container.style.removeProperty('--im-page-zoom');
    }
  };
  apply();
  window.addEventListener('resize', apply);
  return () => window.removeEventListener('resize', apply);
}
