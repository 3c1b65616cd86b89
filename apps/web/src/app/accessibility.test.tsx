import { fireEvent, screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { setToken } from '../api/token';
import {
  createTestRule,
  createTestRuleOptions,
  createTestTriggers,
} from '../features/workflow/test-factories';
import { createTestSession, renderApp } from '../test/render';
import { mockServer } from '../test/server';

// jsdom cannot compute colours, so contrast is left to the browser tests.
async function violations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility (axe)', () => {
  it('login screen has no violations', async () => {
    mockServer();
    renderApp('/login');
    await screen.findByRole('button', { name: 'Inloggen' });
    expect(await violations()).toEqual([]);
  });

  it('the shell with the dashboard has no violations', async () => {
    setToken('t');
    mockServer({ session: createTestSession() });
    renderApp('/dashboard');
    await screen.findByText('Welkom, Anna de Vries');
    expect(await violations()).toEqual([]);
  });

  it('the workflow rules screen and its rule modal have no violations', async () => {
    setToken('t');
    mockServer({
      session: createTestSession(),
      routes: {
        'GET /api/eventtriggerrule': () => ({ body: [createTestRule({ pending_count: 1 })] }),
        'GET /api/eventtrigger': () => ({ body: createTestTriggers() }),
        'GET /api/eventtriggerrule/options': () => ({ body: createTestRuleOptions() }),
      },
    });
    renderApp('/account/company_eventtriggerrules');
    await screen.findByRole('heading', { level: 2, name: 'Offerte verstuurd' });
    expect(await violations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'E-mail naar de klant sturen' }));
    await screen.findByRole('dialog', { name: 'Workflowregel bewerken' });
    expect(await violations()).toEqual([]);
  });
});
