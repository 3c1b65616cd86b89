import { delayToMinutes, type EventTriggerRule } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import type { MockCall } from '../../../test/fetch-mock';
import { createTestSession, renderApp } from '../../../test/render';
import type { MockRoute } from '../../../test/server';
import { mockServer } from '../../../test/server';
import { createTestRule, createTestRuleOptions, createTestTriggers } from '../test-factories';

function setup(rules: EventTriggerRule[] = [], extra: Record<string, MockRoute> = {}) {
  setToken('t');
  const server = mockServer({
    session: createTestSession(),
    routes: {
      'GET /api/eventtriggerrule': () => ({ body: rules }),
      'GET /api/eventtrigger': () => ({ body: createTestTriggers() }),
      'GET /api/eventtriggerrule/options': () => ({ body: createTestRuleOptions() }),
      'POST /api/eventtriggerrule': (call) => ({
        status: 201,
        body: createTestRule({ id: 99, ...(call.body as object) }),
      }),
      ...extra,
    },
  });
  renderApp('/account/company_eventtriggerrules');
  return server;
}

async function openNew() {
  fireEvent.click(await screen.findByRole('button', { name: 'Nieuwe regel' }));
  return screen.findByRole('dialog', { name: 'Nieuwe workflowregel' });
}

async function pick(dialog: HTMLElement, label: string, option: string) {
  fireEvent.click(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** The options of one select (closed selects of the dialog keep theirs in the document too). */
async function optionsOf(combobox: HTMLElement) {
  fireEvent.click(combobox);
  await waitFor(() => expect(combobox.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(combobox.getAttribute('aria-controls')!)!;
  return within(listbox)
    .getAllByRole('option')
    .map((o) => o.textContent);
}

const saveButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Opslaan' }) as HTMLButtonElement;
const sent = (calls: MockCall[], method: string) =>
  calls.filter(
    (c) => c.method === method && c.url.startsWith('/api/eventtriggerrule') && !c.url.includes('options'),
  );

describe('workflow rule modal', () => {
  it('shows only the fields the chosen action needs', async () => {
    setup();
    const dialog = await openNew();
    const field = (name: string) => within(dialog).queryByRole('combobox', { name });
    expect(field('Gebruiker')).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: 'Tekst' })).toBeNull();

    await pick(dialog, 'Actie', 'E-mail naar de klant sturen');
    expect(field('Mailtemplate')).toBeTruthy();
    expect(field('Gebruiker')).toBeNull();
    fireEvent.click(field('Mailtemplate')!);
    expect(await screen.findByRole('option', { name: 'Welkomstmail' })).toBeTruthy();

    await pick(dialog, 'Actie', 'Actie aanmaken');
    expect(field('Mailtemplate')).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: 'Tekst' })).toBeTruthy();
    expect(within(dialog).getByText(/\{\{ relatie\.naam \}\}/)).toBeTruthy();
    expect(await optionsOf(field('Gebruiker')!)).toEqual([
      'Behandelaar van het dossier',
      'Iedereen',
      'Anna de Vries',
      'Bram Jansen',
    ]);

    // 'Iedereen' only for actions and notifications.
    await pick(dialog, 'Actie', 'Behandelaar wijzigen');
    expect(await optionsOf(field('Gebruiker')!)).toEqual([
      'Behandelaar van het dossier',
      'Anna de Vries',
      'Bram Jansen',
    ]);
    expect(within(dialog).queryByRole('textbox', { name: 'Tekst' })).toBeNull();
  });

  it('asks a status, a template of the document kind, or tags where the action needs them', async () => {
    setup();
    const dialog = await openNew();
    const field = (name: string) => within(dialog).queryByRole('combobox', { name });
    await pick(dialog, 'Actie', 'Status van het dossier wijzigen');
    expect(field('Status')).toBeTruthy();
    await pick(dialog, 'Actie', 'Offerte aanmaken');
    expect(await optionsOf(field('Documenttemplate')!)).toEqual(['Offerte standaard']);
    const tagsHint = 'Kies bestaande tags of typ een nieuwe en druk op Enter.';
    expect(within(dialog).queryByText(tagsHint)).toBeNull();
    await pick(dialog, 'Actie', 'Tags aan het dossier toevoegen');
    expect(within(dialog).getByText(tagsHint)).toBeTruthy();
    expect(within(dialog).getByText('Kies minimaal één tag.')).toBeTruthy();
  });

  it('keeps Opslaan disabled with the Dutch messages until the rule is valid, then posts it', async () => {
    const { calls } = setup();
    const dialog = await openNew();
    expect(saveButton(dialog).disabled).toBe(true);
    expect(within(dialog).getByText('Nog niet compleet:')).toBeTruthy();
    expect(within(dialog).getByText('Kies een trigger.')).toBeTruthy();
    expect(within(dialog).getByText('Kies een actie.')).toBeTruthy();

    await pick(dialog, 'Trigger', 'Offerte verstuurd');
    await pick(dialog, 'Actie', 'Actie aanmaken');
    expect(within(dialog).queryByText('Kies een trigger.')).toBeNull();
    expect(within(dialog).getByText('Kies een gebruiker.')).toBeTruthy();
    expect(within(dialog).getByText('Vul een tekst in.')).toBeTruthy();
    expect(saveButton(dialog).disabled).toBe(true);
    fireEvent.click(saveButton(dialog));
    expect(sent(calls, 'POST')).toHaveLength(0);

    await pick(dialog, 'Gebruiker', 'Iedereen');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Tekst' }), {
      target: { value: 'Bel {{ relatie.naam }} over de offerte' },
    });
    await waitFor(() => expect(saveButton(dialog).disabled).toBe(false));
    expect(within(dialog).queryByText('Nog niet compleet:')).toBeNull();
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(sent(calls, 'POST')).toHaveLength(1));
    expect(sent(calls, 'POST')[0]?.body).toMatchObject({
      event_trigger_tag: 'quotation_sent',
      type: 'create_action',
      user_id: 0,
      text: 'Bel {{ relatie.naam }} over de offerte',
      is_delayed: false,
      delaytime_raw: 0,
      morph_id: null,
      conditions: [],
    });
    expect(await screen.findByText('Workflowregel opgeslagen')).toBeTruthy();
  });

  it('shows a stored delay in the display unit and sends a changed one as entered (2 weken = 20160 minuten)', async () => {
    const rule = createTestRule({
      is_delayed: true,
      delaytime: 4320,
      delaytime_unit: 'days',
      delaytime_raw: 3,
    });
    const { calls } = setup([rule], {
      'PATCH /api/eventtriggerrule/1': (call) => ({ body: { ...rule, ...(call.body as object) } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'E-mail naar de klant sturen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Workflowregel bewerken' });
    expect(
      (within(dialog).getByRole('switch', { name: 'Vertraagd uitvoeren' }) as HTMLInputElement).checked,
    ).toBe(true);
    const amount = within(dialog).getByRole('textbox', { name: 'Aantal' }) as HTMLInputElement;
    expect(amount.value).toBe('3');
    expect((within(dialog).getByRole('combobox', { name: 'Eenheid' }) as HTMLInputElement).value).toBe(
      'dagen',
    );
    expect(within(dialog).getByText('na de trigger')).toBeTruthy();
    // A trigger without a date has no 'vóór'.
    expect(within(dialog).queryByRole('radio', { name: 'vóór' })).toBeNull();

    fireEvent.change(amount, { target: { value: '2' } });
    await pick(dialog, 'Eenheid', 'weken');
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(sent(calls, 'PATCH')).toHaveLength(1));
    const body = sent(calls, 'PATCH')[0]?.body as { delaytime_raw: number; delaytime_unit: 'weeks' };
    expect(body).toMatchObject({ is_delayed: true, delaytime_raw: 2, delaytime_unit: 'weeks', morph_id: 11 });
    expect(delayToMinutes(body.delaytime_raw, body.delaytime_unit)).toBe(20160);
  });

  it('offers vóór and na for a date trigger; vóór sends a negative delay', async () => {
    const { calls } = setup();
    const dialog = await openNew();
    await pick(dialog, 'Trigger', 'Ten opzichte van de startdatum uitvoering');
    await pick(dialog, 'Actie', 'Bericht naar de klant sturen');
    await pick(dialog, 'Berichttemplate', 'Bedankt');
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Vertraagd uitvoeren' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Aantal' }), { target: { value: '2' } });
    await pick(dialog, 'Eenheid', 'weken');
    expect(within(dialog).getByText('de startdatum uitvoering')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'vóór' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Vanaf nu rekenen' }));
    await waitFor(() => expect(saveButton(dialog).disabled).toBe(false));
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(sent(calls, 'POST')).toHaveLength(1));
    expect(sent(calls, 'POST')[0]?.body).toMatchObject({
      event_trigger_tag: 'leaddate_project_start',
      type: 'send_message',
      morph_id: 31,
      is_delayed: true,
      delaytime_raw: -2,
      delaytime_unit: 'weeks',
      startfromnow: true,
    });
  });

  it('edits conditions row by row: field, operator, value by kind; flow-level and valueless operators', async () => {
    const { calls } = setup();
    const dialog = await openNew();
    await pick(dialog, 'Trigger', 'Offerte verstuurd');
    await pick(dialog, 'Actie', 'Uitvoering starten');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Voorwaarde toevoegen' }));
    let row = within(dialog).getByRole('group', { name: 'Voorwaarde 1' });
    expect(within(dialog).getByText('Een voorwaarde heeft een veld en een operator nodig.')).toBeTruthy();
    await pick(row, 'Veld', 'Status');
    await pick(row, 'Operator', 'is gelijk aan');
    await pick(row, 'Waarde', 'Offerte');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Voorwaarde toevoegen' }));
    row = within(dialog).getByRole('group', { name: 'Voorwaarde 2' });
    await pick(row, 'Operator', 'heeft aanvraagprofiel');
    // A flow-level operator needs no field; its value is a request profile.
    expect(within(row).queryByRole('combobox', { name: 'Veld' })).toBeNull();
    await pick(row, 'Waarde', 'Warmtepomp');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Voorwaarde toevoegen' }));
    row = within(dialog).getByRole('group', { name: 'Voorwaarde 3' });
    await pick(row, 'Soort', 'Formulier');
    fireEvent.click(within(row).getByRole('combobox', { name: 'Veld' }));
    expect(await screen.findByText('Zonnepanelen opname')).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: 'Dakhelling' }));
    await pick(row, 'Operator', 'is ingevuld');
    expect(within(row).queryByRole('textbox', { name: 'Waarde' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Voorwaarde toevoegen' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Voorwaarde 4 verwijderen' }));
    expect(within(dialog).queryByRole('group', { name: 'Voorwaarde 4' })).toBeNull();

    await waitFor(() => expect(saveButton(dialog).disabled).toBe(false));
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(sent(calls, 'POST')).toHaveLength(1));
    expect(sent(calls, 'POST')[0]?.body).toHaveProperty('conditions', [
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
        type: 'flow',
        field_name: null,
        verticaldatafield_id: null,
        vertical_id: null,
        operator: 'hasflowprofile',
        field_value: '22',
        pretty_description: 'Dossier heeft aanvraagprofiel Warmtepomp',
      },
      {
        type: 'form',
        field_name: null,
        verticaldatafield_id: 81,
        vertical_id: 9,
        operator: 'isfilledin',
        field_value: null,
        pretty_description: 'Dakhelling is ingevuld',
      },
    ]);
  });

  it("shows the server's 422 messages on their fields", async () => {
    const { calls } = setup([], {
      'POST /api/eventtriggerrule': () => ({
        status: 422,
        body: {
          message: 'De gegevens zijn ongeldig.',
          errors: { text: ['Onbekende samenvoegcode: {{ klant.naam }}.'] },
        },
      }),
    });
    const dialog = await openNew();
    await pick(dialog, 'Trigger', 'Offerte verstuurd');
    await pick(dialog, 'Actie', 'Notitie aanmaken');
    const text = within(dialog).getByRole('textbox', { name: 'Tekst' });
    fireEvent.change(text, { target: { value: 'Beste {{ klant.naam }}' } });
    await waitFor(() => expect(saveButton(dialog).disabled).toBe(false));
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(sent(calls, 'POST')).toHaveLength(1));
    expect(await within(dialog).findByText('Onbekende samenvoegcode: {{ klant.naam }}.')).toBeTruthy();
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Nieuwe workflowregel' })).toBeTruthy();
    // Typing again clears the server's message.
    fireEvent.change(text, { target: { value: 'Beste {{ relatie.naam }}' } });
    expect(within(dialog).queryByText('Onbekende samenvoegcode: {{ klant.naam }}.')).toBeNull();
  });
});
