import { FORM_MESSAGES, type VerticalDetail } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import { createTestField, createTestVerticalDetail } from '../test-factories';

function setup(
  routes: Record<string, MockRoute> = {},
  vertical: VerticalDetail = createTestVerticalDetail(),
) {
  setToken('t');
  const server = mockServer({
    session: createTestSession(),
    routes: { 'GET /api/vertical/3': () => ({ body: vertical }), ...routes },
  });
  return { ...server, ...renderApp('/vertical_detail/3') };
}

const findHeader = () => screen.findByRole('heading', { name: 'Opname warmtepomp' }, { timeout: 5000 });
const fieldIds = () => screen.getAllByTestId(/^field-\d+$/).map((f) => f.getAttribute('data-testid'));

afterEach(() => vi.restoreAllMocks());

describe('vertical detail', () => {
  it('shows the form and its fields ordered by their order number, with what each field has', async () => {
    const [a, b, c] = createTestVerticalDetail().verticaldatafields;
    setup({}, createTestVerticalDetail({ verticaldatafields: [c!, a!, b!] }));
    await findHeader();
    expect(screen.getByText('opnameformulier')).toBeTruthy();
    expect(fieldIds()).toEqual(['field-31', 'field-32', 'field-33']);
    const calculated = within(screen.getByTestId('field-33'));
    expect(calculated.getByText('oppervlakte')).toBeTruthy();
    expect(calculated.getByText('Berekend')).toBeTruthy();
    expect(calculated.getByText('Toonregels (1)')).toBeTruthy();
    expect(calculated.getByText('Formules (1)')).toBeTruthy();
    expect(calculated.getByText('Niet in producten')).toBeTruthy();
    expect(within(screen.getByTestId('field-31')).getByText('Getal')).toBeTruthy();
  });

  it('duplicates a field after confirmation; the copy comes right after the original', async () => {
    const stored = createTestVerticalDetail();
    const { calls } = setup({
      'GET /api/vertical/3': () => ({ body: stored }),
      'POST /api/verticaldatafield/31/duplicate': () => {
        const copy = createTestField({ id: 40, field_label: 'Lengte', field_name: 'lengte_kopie', order: 2 });
        const [first, ...rest] = stored.verticaldatafields;
        stored.verticaldatafields = [first!, copy, ...rest.map((f) => ({ ...f, order: f.order + 1 }))];
        return { status: 201, body: copy };
      },
    });
    await findHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Dupliceren: Lengte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Formulierveld dupliceren' });
    expect(within(dialog).getByText(FORM_MESSAGES.confirmDuplicate)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dupliceren' }));
    await waitFor(() => expect(fieldIds()).toEqual(['field-31', 'field-40', 'field-32', 'field-33']));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/verticaldatafield/31/duplicate',
    ]);
  });

  it('deletes a field only after confirmation', async () => {
    const { calls } = setup({
      'DELETE /api/verticaldatafield/32': () => ({ body: { message: 'Formulierveld is verwijderd.' } }),
    });
    await findHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Verwijderen: Breedte' }));
    let dialog = await screen.findByRole('dialog', { name: 'Formulierveld verwijderen' });
    expect(within(dialog).getByText(FORM_MESSAGES.confirmDeleteField)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Verwijderen: Breedte' }));
    dialog = await screen.findByRole('dialog', { name: 'Formulierveld verwijderen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Formulierveld is verwijderd.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/verticaldatafield/32',
    ]);
  });

  it('moves a field with the keyboard and saves its new position (orderOnly)', async () => {
    // jsdom lays nothing out: give each field card a place, one under the other.
    const original = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const card = this.closest<HTMLElement>('[data-field-index]');
      if (!card) return original.call(this);
      const top = Number(card.dataset.fieldIndex) * 100;
      return {
        x: 0,
        y: top,
        top,
        left: 0,
        right: 500,
        bottom: top + 80,
        width: 500,
        height: 80,
        toJSON: () => ({}),
      } as DOMRect;
    });
    const stored = createTestVerticalDetail();
    const { calls } = setup({
      'GET /api/vertical/3': () => ({ body: stored }),
      'PATCH /api/verticaldatafield/31': () => {
        const [first, second, third] = stored.verticaldatafields;
        stored.verticaldatafields = [
          { ...second!, order: 1 },
          { ...first!, order: 2 },
          { ...third!, order: 3 },
        ];
        return { body: { ...first!, order: 2 } };
      },
    });
    await findHeader();
    const handle = screen.getByRole('button', { name: 'Verslepen: Lengte' });
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    fireEvent.keyDown(document, { code: 'ArrowDown', key: 'ArrowDown' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    fireEvent.keyDown(document, { code: 'Space', key: ' ' });
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: '/api/verticaldatafield/31',
      body: { order: 2, update_reason: 'orderOnly' },
    });
    await waitFor(() => expect(fieldIds()).toEqual(['field-32', 'field-31', 'field-33']));
  });

  it('archives the form after confirmation and goes back to the overview', async () => {
    const { calls, router } = setup({
      'DELETE /api/vertical/3': () => ({ body: { message: 'Formulier is gearchiveerd.' } }),
      'GET /api/vertical/querypaginated': () => ({
        body: { data: [], pagination: { total: 0, offset: 0, limit: 25 } },
      }),
    });
    await findHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Archiveren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Formulier archiveren' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archiveren' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vertical_overview'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/vertical/3']);
  });
});
