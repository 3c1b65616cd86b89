import type { Task, TaskContext, TaskContextOptions, TaskEventTrigger } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderWithProviders } from '../../../test/render';
import { mockServer } from '../../../test/server';
import { TaskModal } from '../modals/task.modal';
import { taskContextLink } from './task-contexts';
import { TasksCard } from './tasks-card';

const FLOW = 12;

const formContext: TaskContext = {
  id: 31,
  task_id: 5,
  task_context_type_id: 4,
  kind: 'form',
  vertical_id: 3,
  document_type_id: null,
  document_template_id: null,
  flowdataitem_id: 77,
  flowdataitem_intake_id: 7,
  flowdataitem_project_id: null,
  vertical_type: 'intake',
  document_id: null,
  flow_id: FLOW,
  label: 'Opname warmtepomp',
  done: true,
  state_label: 'Ingediend',
  created_at: '2026-11-26T10:00:00+01:00',
};
const documentContext: TaskContext = {
  ...formContext,
  id: 32,
  kind: 'document',
  vertical_id: null,
  document_type_id: 2,
  flowdataitem_id: null,
  flowdataitem_intake_id: null,
  vertical_type: null,
  document_id: 9,
  label: 'Werkbon 1004',
  done: false,
  state_label: 'Concept',
};

// Only what the card and modal show of a task; the rest of the answer does not matter here.
const task = {
  id: 5,
  description: 'Montage zonnepanelen',
  type: 'opname',
  status: 'open',
  user_id: null,
  user_fullname: '',
  flow_id: FLOW,
  start_date: null,
  end_date: null,
  is_template: false,
  leading_task_id: null,
  following_tasks: [],
  task_contexts: [formContext, documentContext],
  amountofpeople: 1,
  location: '',
  attendees: '',
  color: null,
  duration: null,
} as unknown as Task;

const options: TaskContextOptions = {
  verticals: [
    { id: 3, name: 'Opname warmtepomp', type: 'intake' },
    { id: 8, name: 'Montage', type: 'project' },
  ],
  document_types: [{ id: 2, description: 'Werkbon' }],
  document_templates: [
    { id: 40, title: 'Werkbon standaard', document_type_id: 2 },
    { id: 41, title: 'Keuring', document_type_id: 6 },
  ],
};

const triggers: TaskEventTrigger[] = [
  {
    id: 1,
    tag: 'task_completed',
    description: 'Taak afgerond',
    rules: [
      {
        id: 50,
        description: 'Klant bellen na de klus',
        type_label: 'Actie aanmaken',
        morph_label: null,
        is_delayed: true,
        delaytime: 2880,
        delaytime_raw: 2,
        delaytime_unit: 'days',
        conditions_count: 1,
      },
    ],
  },
];

function start(routes: NonNullable<Parameters<typeof mockServer>[0]>['routes'] = {}) {
  setToken('t');
  return mockServer({
    session: createTestSession(),
    routes: {
      'GET /api/task/getopentasks': () => ({
        body: { data: [task], pagination: { total: 1, offset: 0, limit: 200 } },
      }),
      'GET /api/tasktemplate': () => ({ body: [] }),
      'GET /api/taskcontexttype/options': () => ({ body: options }),
      'GET /api/task/geteventtriggers': () => ({ body: triggers }),
      'GET /api/task/getusedtaskcolors': () => ({ body: [] }),
      'GET /api/task/getplannableusers': () => ({ body: [] }),
      ...routes,
    },
  });
}

describe('task contexts', () => {
  it('opens a form in its intake (formId), an aftercare form on the flow, a document on its screen', () => {
    expect(taskContextLink(formContext)).toBe('/intake_detail/7?formId=3');
    expect(
      taskContextLink({ ...formContext, flowdataitem_intake_id: null, flowdataitem_project_id: 4 }),
    ).toBe('/project_detail/4?formId=3');
    expect(
      taskContextLink({ ...formContext, flowdataitem_intake_id: null, vertical_type: 'aftercare' }),
    ).toBe(`/aftercare_detail/${FLOW}?formId=3`);
    expect(taskContextLink(documentContext)).toBe('/document_detail/9');
    expect(taskContextLink({ ...documentContext, document_id: null })).toBeNull();
  });

  it('the flow tasks card links each context with its state, and adds a document by hand', async () => {
    const server = start({ 'POST /api/taskcontext': () => ({ status: 201, body: documentContext }) });
    renderWithProviders(
      <MemoryRouter>
        <TasksCard flowId={FLOW} />
      </MemoryRouter>,
    );
    const form = await screen.findByRole('link', { name: 'Opname warmtepomp' });
    expect(form.getAttribute('href')).toBe('/intake_detail/7?formId=3');
    expect(screen.getByRole('link', { name: 'Werkbon 1004' }).getAttribute('href')).toBe(
      '/document_detail/9',
    );
    expect(screen.getByText('Ingediend')).toBeTruthy();
    expect(screen.getByText('Concept')).toBeTruthy();
    expect(screen.getByLabelText('Klaar')).toBeTruthy();
    expect(screen.getByLabelText('Nog niet klaar')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Context toevoegen: Montage zonnepanelen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Taakcontext' });
    // An intake task offers only intake forms.
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Formulier' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Opname warmtepomp']);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Document' }));
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Documenttype' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Werkbon' }));
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Documentsjabloon' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Werkbon standaard']);
    fireEvent.click(screen.getByRole('option', { name: 'Werkbon standaard' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(server.calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
        ['/api/taskcontext', { task_id: 5, document_type_id: 2, document_template_id: 40 }],
      ]),
    );
  });

  it('the task modal lists the contexts, removes one, and shows the rules that run on completion', async () => {
    const server = start({
      'GET /api/taskcontext': () => ({ body: [formContext, documentContext] }),
      'DELETE /api/taskcontext/32': () => ({ body: { message: 'Taakcontext verwijderd.' } }),
    });
    renderWithProviders(
      <MemoryRouter>
        <TaskModal opened onClose={() => {}} flowId={FLOW} task={task} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Bij afronden van deze taak')).toBeTruthy();
    expect(await screen.findByText('Klant bellen na de klus')).toBeTruthy();
    expect(screen.getByText('Actie aanmaken · na 2 dagen · 1 voorwaarde(n)')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Verwijderen: Werkbon 1004' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    await waitFor(() =>
      expect(server.calls.some((c) => c.method === 'DELETE' && c.url === '/api/taskcontext/32')).toBe(true),
    );
  });

  it('the template modal lists its context types and adds a form (a choice is required)', async () => {
    const template = { ...task, id: 6, is_template: true, description: 'Opname', task_contexts: [] } as Task;
    const server = start({
      'GET /api/taskcontexttype': () => ({
        body: [
          {
            id: 4,
            task_id: 6,
            kind: 'document',
            vertical_id: null,
            document_type_id: 2,
            document_template_id: 40,
            label: 'Werkbon (Werkbon standaard)',
            created_at: '2026-11-26T10:00:00+01:00',
          },
        ],
      }),
      'POST /api/taskcontexttype': () => ({ status: 201, body: {} }),
    });
    renderWithProviders(
      <MemoryRouter>
        <TaskModal opened onClose={() => {}} isTemplate task={template} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Werkbon (Werkbon standaard)')).toBeTruthy();
    expect(screen.queryByText('Bij afronden van deze taak')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Context toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Taakcontext' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Kies een formulier of een documenttype.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Formulier' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Opname warmtepomp' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(server.calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
        ['/api/taskcontexttype', { task_id: 6, vertical_id: 3 }],
      ]),
    );
  });
});
