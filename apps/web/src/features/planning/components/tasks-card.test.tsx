import type { FlowMailDraft, Task } from '@im/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderWithProviders } from '../../../test/render';
import { mockServer } from '../../../test/server';
import { TasksCard } from './tasks-card';

const FLOW = 12;

// Only what the card shows of a task; the rest of the answer does not matter here.
const task = {
  id: 5,
  description: 'Montage zonnepanelen',
  type: 'uitvoering',
  status: 'open',
  user_id: 3,
  user_fullname: 'Piet Jansen',
  flow_id: FLOW,
  start_date: '2026-12-01T08:00:00+01:00',
  end_date: '2026-12-01T14:00:00+01:00',
  leading_task_id: null,
  following_tasks: [],
} as unknown as Task;

const draft: FlowMailDraft = {
  to: 'klant@voorbeeld.nl',
  subject: 'Afspraak Montage zonnepanelen op 1 december 2026',
  message: '<p>Wij komen om 08:00 uur.</p>',
  mailtemplate_id: 4,
  mailtemplates: [{ id: 4, description: 'Afspraakbevestiging', template_type: 'sendflowemail' }],
  max_files: 3,
};

describe('TasksCard', () => {
  it('writes an e-mail about a task: the draft is asked for with sendable_task_id', async () => {
    setToken('t');
    const server = mockServer({
      session: createTestSession(),
      routes: {
        'GET /api/task/getopentasks': () => ({
          body: { data: [task], pagination: { total: 1, offset: 0, limit: 200 } },
        }),
        'GET /api/tasktemplate': () => ({ body: [] }),
        [`GET /api/flow/${FLOW}/getforsendingemail`]: () => ({ body: draft }),
      },
    });
    renderWithProviders(
      <MemoryRouter>
        <TasksCard flowId={FLOW} />
      </MemoryRouter>,
    );
    fireEvent.click(
      await screen.findByRole('button', { name: 'E-mail over deze taak: Montage zonnepanelen' }),
    );
    expect(await screen.findByDisplayValue('Afspraak Montage zonnepanelen op 1 december 2026')).toBeTruthy();
    await waitFor(() =>
      expect(
        server.calls.some(
          (c) => c.url.includes('getforsendingemail') && c.url.includes('sendable_task_id=5'),
        ),
      ).toBe(true),
    );
  });
});
