import type { EventTriggerRule } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import type { MockCall } from '../../../test/fetch-mock';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';
import { createTestRule, createTestRuleOptions, createTestTriggers } from '../test-factories';

const rules: EventTriggerRule[] = [
  createTestRule({
    id: 1,
    description: 'Herinnering na 3 dagen',
    is_delayed: true,
    delaytime: 4320,
    delaytime_unit: 'days',
    delaytime_raw: 3,
    cancel_tags: 'akkoord,afgewezen',
    pending_count: 2,
    conditions: [
      {
        type: 'flow',
        field_name: 'flow_status',
        verticaldatafield_id: null,
        vertical_id: null,
        operator: 'issame',
        field_value: 'quotation',
        pretty_description: 'Status is gelijk aan Offerte',
      },
      {
        type: 'relation',
        field_name: 'email',
        verticaldatafield_id: null,
        vertical_id: null,
        operator: 'isfilledin',
        field_value: null,
        pretty_description: 'E-mailadres relatie is ingevuld',
      },
    ],
  }),
  createTestRule({
    id: 2,
    type: 'create_notification',
    type_label: 'Notificatie aanmaken',
    morph_id: null,
    morph_label: null,
    user_id: 9999999,
    text: 'Offerte is verstuurd',
  }),
  createTestRule({
    id: 3,
    event_trigger_tag: 'leaddate_project_start',
    event_trigger_description: 'Ten opzichte van de startdatum uitvoering',
    flowstage: 'algemeen',
    type: 'send_message',
    type_label: 'Bericht naar de klant sturen',
    description: 'Voorbereiding uitvoering',
    is_delayed: true,
    delaytime: -20160,
    delaytime_unit: 'weeks',
    delaytime_raw: -2,
  }),
  createTestRule({
    id: 4,
    event_trigger_tag: 'flow_created',
    event_trigger_description: 'Dossier aangemaakt',
    flowstage: 'new',
    type: 'change_handler',
    type_label: 'Behandelaar wijzigen',
    morph_id: null,
    morph_label: null,
    user_id: 8,
  }),
];

function setup() {
  setToken('t');
  const server = mockServer({
    session: createTestSession(),
    routes: {
      'GET /api/eventtriggerrule': (call) => {
        const params = new URL(call.url, 'http://x').searchParams;
        const type = params.get('type');
        const stage = params.get('flowstage');
        return {
          body: rules.filter((r) => (!type || r.type === type) && (!stage || r.flowstage === stage)),
        };
      },
      'GET /api/eventtrigger': () => ({ body: createTestTriggers() }),
      'GET /api/eventtriggerrule/options': () => ({ body: createTestRuleOptions() }),
      'DELETE /api/eventtriggerrule/2': () => ({ body: { message: 'Workflowregel verwijderd.' } }),
      'POST /api/eventtriggerrule/1/duplicate': () => ({ status: 201, body: createTestRule({ id: 9 }) }),
    },
  });
  renderApp('/account/company_eventtriggerrules');
  return server;
}

const listCalls = (calls: MockCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.split('?')[0] === '/api/eventtriggerrule');
const sectionOf = (name: string) => screen.getByRole('region', { name });

describe('workflow rules screen', () => {
  it('groups the rules by trigger in the triggers’ order, with stage, delay, conditions, cancel tags and pending count', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Workflowregels' })).toBeTruthy();
    await screen.findByText('Herinnering na 3 dagen');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Dossier aangemaakt',
      'Offerte verstuurd',
      'Ten opzichte van de startdatum uitvoering',
    ]);

    const quotation = sectionOf('Offerte verstuurd');
    expect(within(quotation).getByText('Offerte')).toBeTruthy();
    const first = within(quotation).getByTestId('rule-1');
    expect(within(first).getByText('E-mail naar de klant sturen')).toBeTruthy();
    expect(within(first).getByText('3 dagen na')).toBeTruthy();
    expect(within(first).getByText('Annuleer bij: akkoord, afgewezen')).toBeTruthy();
    expect(within(first).getByText('2 gepland')).toBeTruthy();
    // The conditions' descriptions on hover and when expanded.
    const count = within(first).getByRole('button', { name: '2 voorwaarden' });
    expect(count.getAttribute('title')).toBe('Status is gelijk aan Offerte\nE-mailadres relatie is ingevuld');
    fireEvent.click(count);
    expect(count.getAttribute('aria-expanded')).toBe('true');
    expect(within(first).getByText('Status is gelijk aan Offerte')).toBeTruthy();

    // Without a description the action's label is the rule's name; no delay is 'Direct'.
    const second = within(quotation).getByTestId('rule-2');
    expect(within(second).getByRole('button', { name: 'Notificatie aanmaken' })).toBeTruthy();
    expect(within(second).getByText('Direct')).toBeTruthy();
    expect(within(second).getByText('Geen voorwaarden')).toBeTruthy();

    // A date trigger's delay before the date.
    const date = sectionOf('Ten opzichte van de startdatum uitvoering');
    expect(within(date).getByText('Algemeen')).toBeTruthy();
    expect(within(date).getByText('14 dagen voor de startdatum uitvoering')).toBeTruthy();
    expect(within(sectionOf('Dossier aangemaakt')).getByText('Aanvraag')).toBeTruthy();
  });

  it('filters on action and stage by asking the server again', async () => {
    const { calls } = setup();
    await screen.findByText('Herinnering na 3 dagen');
    fireEvent.click(screen.getByRole('combobox', { name: 'Actie' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Behandelaar wijzigen' }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toBe('/api/eventtriggerrule?type=change_handler'),
    );
    await waitFor(() => expect(screen.queryByText('Herinnering na 3 dagen')).toBeNull());
    expect(screen.getByRole('heading', { level: 2, name: 'Dossier aangemaakt' })).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'Fase' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Offerte' }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toBe(
        '/api/eventtriggerrule?type=change_handler&flowstage=quotation',
      ),
    );
    expect(await screen.findByText('Geen workflowregels voor deze filters.')).toBeTruthy();
  });

  it('deletes a rule only after the confirmation', async () => {
    const { calls } = setup();
    await screen.findByText('Herinnering na 3 dagen');
    const deletes = () => calls.filter((c) => c.method === 'DELETE');
    const openDelete = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Acties voor regel: Notificatie aanmaken' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Verwijderen' }));
      return screen.findByRole('dialog', { name: 'Workflowregel verwijderen' });
    };
    let dialog = await openDelete();
    expect(within(dialog).getByText('Deze workflowregel verwijderen?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes()).toHaveLength(0);

    dialog = await openDelete();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(deletes().map((c) => c.url)).toEqual(['/api/eventtriggerrule/2']));
    expect(await screen.findByText('Workflowregel verwijderd')).toBeTruthy();
  });

  it('duplicates a rule and says so; a rule with scheduled runs warns before deleting', async () => {
    const { calls } = setup();
    await screen.findByText('Herinnering na 3 dagen');
    const menu = screen.getByRole('button', { name: 'Acties voor regel: Herinnering na 3 dagen' });
    fireEvent.click(menu);
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual([
      'Bewerken',
      'Dupliceren',
      'Verwijderen',
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Dupliceren' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/eventtriggerrule/1/duplicate')).toBe(
        true,
      ),
    );
    expect(await screen.findByText('Workflowregel gedupliceerd')).toBeTruthy();
    // The list is asked again after the copy.
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));

    fireEvent.click(menu);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Workflowregel verwijderen' });
    expect(
      within(dialog).getByText('Deze workflowregel verwijderen? 2 geplande uitvoeringen vervallen.'),
    ).toBeTruthy();
  });
});
