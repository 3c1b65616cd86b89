import { FORM_MESSAGES, FORMULA_FUNCTIONS } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import { createTestField, createTestVerticalDetail } from '../test-factories';

function setup(routes: Record<string, MockRoute> = {}) {
  setToken('t');
  const server = mockServer({
    session: createTestSession(),
    routes: { 'GET /api/vertical/3': () => ({ body: createTestVerticalDetail() }), ...routes },
  });
  return { ...server, ...renderApp('/vertical_detail/3') };
}

async function openNewField() {
  fireEvent.click(await screen.findByRole('button', { name: 'Veld toevoegen' }, { timeout: 5000 }));
  return within(await screen.findByRole('dialog', { name: 'Nieuw formulierveld' }));
}

type Scope = ReturnType<typeof within>;
const input = (scope: Scope, name: string) => scope.getByRole('textbox', { name }) as HTMLInputElement;
const type = (scope: Scope, name: string, value: string) =>
  fireEvent.change(scope.getByRole('textbox', { name }), { target: { value } });

async function choose(scope: Scope, label: string, option: string) {
  fireEvent.click(scope.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('field modal', () => {
  it('lets field name and description follow the label until the user changes them', async () => {
    setup();
    const modal = await openNewField();
    type(modal, 'Label', 'Hoogte goot');
    expect(input(modal, 'Veldnaam').value).toBe('hoogte_goot');
    expect(input(modal, 'Omschrijving').value).toBe('Hoogte goot');
    // A name this form already has gets a suffix, as the server would give it.
    type(modal, 'Label', 'Lengte');
    expect(input(modal, 'Veldnaam').value).toBe('lengte_2');

    type(modal, 'Veldnaam', 'goot');
    type(modal, 'Label', 'Goothoogte (cm)');
    expect(input(modal, 'Veldnaam').value).toBe('goot');
    expect(input(modal, 'Omschrijving').value).toBe('Goothoogte (cm)');
    type(modal, 'Omschrijving', 'Hoogte van de goot');
    type(modal, 'Label', 'Goothoogte');
    expect(input(modal, 'Omschrijving').value).toBe('Hoogte van de goot');
  });

  it('refuses a show rule without a field, and deletes a rule line only after confirmation', async () => {
    const { calls } = setup();
    const modal = await openNewField();
    type(modal, 'Label', 'Dakvorm');
    fireEvent.click(modal.getByRole('button', { name: 'Toonregel toevoegen' }));
    const rule = within(modal.getByTestId('showrules.0'));
    await choose(rule, 'Voorwaarde', 'is gelijk aan');
    fireEvent.click(modal.getByRole('button', { name: 'Opslaan' }));
    expect(await rule.findByText(FORM_MESSAGES.showRuleField)).toBeTruthy();
    expect(rule.queryByText(FORM_MESSAGES.showRuleOperator)).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(rule.getByRole('button', { name: 'Regel verwijderen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Regel verwijderen' });
    expect(within(confirm).getByText(FORM_MESSAGES.confirmDeleteRule)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(modal.queryByTestId('showrules.0')).toBeNull());
  });

  it('checks each formula live and lists the field names and functions it may use', async () => {
    setup();
    const modal = await openNewField();
    type(modal, 'Label', 'Inhoud');
    await choose(modal, 'Type', 'Berekend');
    const help = modal.getByTestId('formula-help').textContent;
    expect(help).toContain('lengte, breedte, oppervlakte');
    for (const fn of FORMULA_FUNCTIONS) expect(help).toContain(fn);
    fireEvent.click(modal.getByRole('button', { name: 'Formule toevoegen' }));
    type(modal, 'Formule 1', 'lengte * hoogte');
    expect(await modal.findByText('Onbekend veld in formule: hoogte')).toBeTruthy();
    type(modal, 'Formule 1', 'round(lengte * breedte * 2)');
    await waitFor(() => expect(modal.queryByText(/Onbekend veld/)).toBeNull());
  });

  it('posts the field with its options, flags and show rules, then closes', async () => {
    const { calls } = setup({
      'POST /api/verticaldatafield': () => ({ status: 201, body: createTestField({ id: 50 }) }),
    });
    const modal = await openNewField();
    type(modal, 'Label', 'Dakvorm');
    await choose(modal, 'Type', 'Keuzelijst');
    type(modal, 'Opties', 'plat, schuin , ,geen dak');
    fireEvent.click(modal.getByRole('checkbox', { name: 'Selecteerbaar in producten' }));
    fireEvent.click(modal.getByRole('checkbox', { name: 'Locaties toestaan' }));
    fireEvent.click(modal.getByRole('button', { name: 'Toonregel toevoegen' }));
    const rule = within(modal.getByTestId('showrules.0'));
    await choose(rule, 'Veld', 'Lengte (lengte)');
    await choose(rule, 'Voorwaarde', 'is ingevuld');
    expect(rule.queryByRole('textbox', { name: 'Waarde' })).toBeNull();
    fireEvent.click(modal.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nieuw formulierveld' })).toBeNull());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/verticaldatafield',
      body: {
        vertical_id: 3,
        field_label: 'Dakvorm',
        field_name: 'dakvorm',
        description: 'Dakvorm',
        field_type: 'selectbox',
        options: ['plat', 'schuin', 'geen dak'],
        selectable_in_products: false,
        allow_locations: true,
        showrules: [{ field_name: 'lengte', operator: 'isfilledin', field_value: '' }],
        calculationrules: [],
      },
    });
  });

  it('edits a field (the name follows its label) and shows the server message on a 422', async () => {
    const { calls } = setup({
      'PATCH /api/verticaldatafield/33': () => ({
        status: 422,
        body: {
          message: FORM_MESSAGES.fieldNameTaken,
          errors: { field_name: [FORM_MESSAGES.fieldNameTaken] },
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Bewerken: Oppervlakte' }, { timeout: 5000 }));
    const modal = within(await screen.findByRole('dialog', { name: 'Formulierveld bewerken' }));
    expect(input(modal, 'Formule 1').value).toBe('lengte * breedte');
    type(modal, 'Label', 'Vloeroppervlak');
    expect(input(modal, 'Veldnaam').value).toBe('vloeroppervlak');
    fireEvent.click(modal.getByRole('button', { name: 'Opslaan' }));
    expect(await modal.findByText(FORM_MESSAGES.fieldNameTaken)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      field_label: 'Vloeroppervlak',
      field_name: 'vloeroppervlak',
      description: 'Vloeroppervlak',
      field_type: 'calculated',
      calculationrules: [{ formula: 'lengte * breedte', showrules: [] }],
      showrules: [{ field_name: 'lengte', operator: 'isfilledin', field_value: '' }],
      selectable_in_products: false,
    });
    expect(screen.getByRole('dialog', { name: 'Formulierveld bewerken' })).toBeTruthy();
  });
});
