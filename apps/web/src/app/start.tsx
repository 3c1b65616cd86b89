import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './page-scale.css';
import './touch.css';
import '../i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { AuthAnswer } from '../features/auth';
import { App } from './app';

/**
 * The whole staff app with its styles and text catalogue, rendered into `root`. Loaded by main.tsx at
 * once, or after the first screen's login (`login`: its answer, the token is stored already).
 */
export function startApp(root: HTMLElement, login?: AuthAnswer): void {
  createRoot(root).render(
    <StrictMode>
      <App login={login} />
    </StrictMode>,
  );
}
