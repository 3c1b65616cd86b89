import { FORM_MESSAGES } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import { createTestField, createTestVerticalDetail } from '../../verticals/test-factories';
import { createTestIntake, createTestItem } from '../test-factories';

const FIELDS = [
  createTestField({ id: 1, field_label: 'Lengte', field_name: 'lengte', order: 1 }),
  createTestField({ id: 2, field_label: 'Breedte', field_name: 'breedte', order: 2 }),
  createTestField({
    id: 3,
    field_label: 'Oppervlak',
    field_name: 'oppervlak',
    field_type: 'calculated',
    calculationrules: [{ formula: 'lengte * breedte', showrules: [] }],
    order: 3,
  }),
  createTestField({
    id: 4,
    field_label: 'Steiger nodig',
    field_name: 'steiger',
    field_type: 'text',
    showrules: [{ field_name: 'lengte', operator: 'isbigger', field_value: '10', pretty_description: '' }],
    order: 4,
  }),
  createTestField({
    id: 5,
    field_label: 'Foto gevel',
    field_name: 'foto_gevel',
    field_type: 'photo',
    order: 5,
  }),
];

function setup(routes: Record<string, MockRoute> = {}, role = 1000) {
  setToken('t');
  const server = mockServer({
    session: createTestSession({ userrole: role, modules: ['BASIS', 'CRM', 'INTAKE', 'SALES'] }),
    routes: {
      'GET /api/intake/5': () => ({ body: createTestIntake() }),
      'GET /api/vertical/3': () => ({ body: createTestVerticalDetail({ verticaldatafields: FIELDS }) }),
      'GET /api/vertical': () => ({ body: [] }),
      ...routes,
    },
  });
  return { ...server, ...renderApp('/intake_detail/5') };
}

const form = async () =>
  within(await screen.findByRole('region', { name: 'Opname warmtepomp' }, { timeout: 15_000 }));

describe('intake detail: the form filler', () => {
  it('computes while typing, shows a field when its show rule holds, and autosaves the changes once', async () => {
    const saved: unknown[] = [];
    setup({
      'PATCH /api/flowdataitem/11': (call) => {
        saved.push(call.body);
        return { body: createTestItem({ values: { lengte: '12', breedte: '3', oppervlak: 36 } }) };
      },
    });
    const f = await form();
    fireEvent.change(f.getByRole('textbox', { name: 'Lengte' }), { target: { value: '12' } });
    fireEvent.change(f.getByRole('textbox', { name: 'Breedte' }), { target: { value: '3' } });
    expect((f.getByRole('textbox', { name: 'Oppervlak' }) as HTMLInputElement).value).toBe('36');
    expect(f.getByRole('textbox', { name: 'Steiger nodig' })).toBeTruthy();
    expect(saved).toEqual([]);
    await waitFor(() => expect(saved).toEqual([{ values: { lengte: '12', breedte: '3' } }]), {
      timeout: 4000,
    });
    await f.findByText('Opgeslagen');
    fireEvent.change(f.getByRole('textbox', { name: 'Lengte' }), { target: { value: '8' } });
    expect(f.queryByRole('textbox', { name: 'Steiger nodig' })).toBeNull();
  });

  it('lets a manager mark it submitted; others do not see the button', async () => {
    const { calls } = setup({
      'POST /api/flowdataitem/11/marksent': () => ({ body: createTestItem({ status: 'sent' }) }),
    });
    const f = await form();
    fireEvent.click(f.getByRole('button', { name: 'Markeer als ingediend' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.endsWith('/api/flowdataitem/11/marksent'))).toBe(true),
    );
  });

  it('hides submit and roll back from a user below manager', async () => {
    setup({}, 100);
    const f = await form();
    expect(f.queryByRole('button', { name: 'Markeer als ingediend' })).toBeNull();
  });

  it('shows the failure toast when a photo is refused', async () => {
    setup({ 'POST /api/picture': () => ({ status: 415, body: { message: FORM_MESSAGES.onlyImages } }) });
    const f = await form();
    await f.findByText('Foto gevel');
    // The photo field's camera input (FileButton renders a hidden file input).
    const fileInput = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(fileInput, {
      target: { files: [new File(['<svg/>'], 'foto.svg', { type: 'image/svg+xml' })] },
    });
    expect(await screen.findByText(FORM_MESSAGES.pictureNotUploaded)).toBeTruthy();
  });
});

describe('intake detail: locations', () => {
  it('adds a location and saves a location field on leaving it, saying so', async () => {
    const fields = [
      createTestField({ id: 7, field_label: 'Isolatiedikte', field_name: 'dikte', allow_locations: true }),
    ];
    const located = createTestItem({ locations: [{ id: 'loc-1', name: 'Zolder', values: {} }] });
    const posted: { url: string; body: unknown }[] = [];
    setToken('t');
    mockServer({
      session: createTestSession({ modules: ['BASIS', 'CRM', 'INTAKE', 'SALES'] }),
      routes: {
        'GET /api/intake/5': () => ({ body: createTestIntake({ flowdataitems: [located] }) }),
        'GET /api/vertical/3': () => ({ body: createTestVerticalDetail({ verticaldatafields: fields }) }),
        'GET /api/vertical': () => ({ body: [] }),
        'POST /api/flowdataitem/11/addlocation': (call) => {
          posted.push({ url: call.url, body: call.body });
          return { body: located };
        },
        'POST /api/flowdataitem/11/updatelocationdata': (call) => {
          posted.push({ url: call.url, body: call.body });
          return { body: located };
        },
      },
    });
    renderApp('/intake_detail/5');
    const zolder = within(await screen.findByRole('region', { name: 'Zolder' }, { timeout: 15_000 }));
    const dikte = zolder.getByRole('textbox', { name: 'Isolatiedikte' });
    fireEvent.change(dikte, { target: { value: '12 cm' } });
    fireEvent.blur(dikte);
    await waitFor(() => expect(posted).toHaveLength(1));
    await waitFor(() => expect(zolder.getByRole('status').textContent).toBe('Opgeslagen'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Naam van de locatie' }), {
      target: { value: 'Garage' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Locatie toevoegen' }));
    await waitFor(() =>
      expect(posted.map((p) => p.body)).toEqual([
        { locationData: { location_id: 'loc-1', values: { dikte: '12 cm' } } },
        { name: 'Garage' },
      ]),
    );
  });
});
