import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { renderWithProviders } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import {
  createTestField,
  createTestVertical,
  createTestVerticalDetail,
} from '../../verticals/test-factories';
import { CreateProductModal, EditProductModal } from '../modals/product.modal';
import { createTestProduct } from '../test-factories';

const ROOF = createTestVerticalDetail({
  id: 3,
  name: 'Dakopname',
  verticaldatafields: [
    createTestField({
      id: 31,
      field_label: 'Dakvorm',
      field_name: 'dakvorm',
      field_type: 'selectbox',
      options: ['plat', 'schuin'],
    }),
    createTestField({
      id: 32,
      field_label: 'Opmerking',
      field_name: 'opmerking',
      field_type: 'text',
      order: 2,
    }),
    createTestField({ id: 33, field_label: 'Aantal panelen', field_name: 'aantal_panelen', order: 3 }),
    createTestField({
      id: 34,
      field_label: 'Intern',
      field_name: 'intern',
      selectable_in_products: false,
      order: 4,
    }),
    createTestField({
      id: 35,
      field_label: 'Oppervlak',
      field_name: 'oppervlak',
      field_type: 'calculated',
      order: 5,
    }),
  ],
});
const ROOM = createTestVerticalDetail({
  id: 4,
  name: 'Ruimteopname',
  verticaldatafields: [createTestField({ id: 41, vertical_id: 4, field_label: 'Lengte kamer' })],
});
const list = (...forms: (typeof ROOF)[]) =>
  forms.map(({ verticaldatafields: _, ...v }) => createTestVertical({ ...v }));

function setup(routes: Record<string, MockRoute> = {}, forms = list(ROOF, ROOM)) {
  setToken('t');
  const server = mockServer({
    routes: {
      'GET /api/vertical': () => ({ body: forms }),
      'GET /api/vertical/3': () => ({ body: ROOF }),
      'GET /api/vertical/4': () => ({ body: ROOM }),
      'POST /api/product': (call) => ({ status: 201, body: createTestProduct(call.body as object) }),
      ...routes,
    },
  });
  return server;
}

const section = () => within(screen.getByRole('group', { name: 'Formulier' }));

async function choose(label: string, option: string, scope = section()) {
  fireEvent.click(scope.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function optionsOf(label: string, scope = section()) {
  fireEvent.click(scope.getByRole('combobox', { name: label }));
  const names = (await screen.findAllByRole('option')).map((o) => o.textContent);
  fireEvent.click(scope.getByRole('combobox', { name: label }));
  return names;
}

const bodies = (calls: { method: string; url: string; body: unknown }[], method: string) =>
  calls.filter((c) => c.method === method && c.url.includes('/api/product')).map((c) => c.body);

function renderCreate() {
  renderWithProviders(
    <MemoryRouter>
      <CreateProductModal opened onClose={() => {}} />
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByRole('textbox', { name: 'Productnaam' }), {
    target: { value: 'Zonnepaneel' },
  });
}

describe('product form: the form (vertical) section', () => {
  it('sends the chosen form, amount field and toggle field; the field lists follow the chosen form', async () => {
    const { calls } = setup();
    renderCreate();
    expect(section().getByText(/neemt een offerte het aantal over/)).toBeTruthy();
    await choose('Gegevensbron', 'Uit formulier');
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/vertical'))).toBe(true));
    // Two live forms: nothing is picked, and without a form there are no field pickers.
    expect(section().queryByRole('combobox', { name: 'Aantal uit veld' })).toBeNull();
    await choose('Formulier', 'Ruimteopname');
    await waitFor(() => expect(section().getByRole('combobox', { name: 'Aantal uit veld' })).toBeTruthy());
    await waitFor(async () => expect(await optionsOf('Aantal uit veld')).toEqual(['Geen', 'Lengte kamer']));
    await choose('Aantal uit veld', 'Lengte kamer');

    await choose('Formulier', 'Dakopname');
    // A new form drops the old form's field; its own selectable fields list, numbers first.
    expect((section().getByRole('combobox', { name: 'Aantal uit veld' }) as HTMLInputElement).value).toBe(
      'Geen',
    );
    await waitFor(async () =>
      expect(await optionsOf('Aantal uit veld')).toEqual([
        'Geen',
        'Aantal panelen',
        'Oppervlak',
        'Dakvorm',
        'Opmerking',
      ]),
    );
    await choose('Aantal uit veld', 'Aantal panelen');

    const first = within(section().getByTestId('toggle.1'));
    expect(section().queryByTestId('toggle.2')).toBeNull();
    await choose('Schakelveld 1', 'Dakvorm', first);
    await choose('Voorwaarde', 'is niet gelijk aan', first);
    await choose('Waarde', 'plat', first);
    expect(section().getByTestId('toggle.2')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(bodies(calls, 'POST')).toHaveLength(1));
    expect(bodies(calls, 'POST')[0]).toMatchObject({
      data_origin: 'fromobject',
      vertical_id: 3,
      alternativeamount_id: 33,
      togglefield_id: 31,
      togglefield_operator: 'isnotsame',
      togglefield_value: 'plat',
      toggle2field_id: null,
      toggle3field_id: null,
    });
  });

  it('picks the only live form for a new product', async () => {
    const { calls } = setup({}, list(ROOF));
    renderCreate();
    await waitFor(() =>
      expect((section().getByRole('combobox', { name: 'Formulier' }) as HTMLInputElement).value).toBe(
        'Dakopname',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(bodies(calls, 'POST')).toHaveLength(1));
    expect(bodies(calls, 'POST')[0]).toMatchObject({ data_origin: 'manual', vertical_id: 3 });
  });

  it("'Geen' sends null; an operator that needs no value hides the value", async () => {
    const product = createTestProduct({
      data_origin: 'fromobject',
      vertical_id: 3,
      alternativeamount_id: 33,
      togglefield_id: 32,
      togglefield_value: 'spoed',
    });
    const { calls } = setup({
      'PATCH /api/product/9': (call) => ({ body: { ...product, ...(call.body as object) } }),
    });
    renderWithProviders(<EditProductModal product={product} opened onClose={() => {}} />);
    await waitFor(() =>
      expect((section().getByRole('combobox', { name: 'Aantal uit veld' }) as HTMLInputElement).value).toBe(
        'Aantal panelen',
      ),
    );
    await choose('Aantal uit veld', 'Geen');
    const first = within(section().getByTestId('toggle.1'));
    expect((first.getByRole('textbox', { name: 'Waarde' }) as HTMLInputElement).value).toBe('spoed');
    await choose('Voorwaarde', 'is ingevuld', first);
    expect(first.queryByRole('textbox', { name: 'Waarde' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(bodies(calls, 'PATCH')).toHaveLength(1));
    expect(bodies(calls, 'PATCH')[0]).toMatchObject({
      vertical_id: 3,
      alternativeamount_id: null,
      togglefield_id: 32,
      togglefield_operator: 'isfilledin',
      togglefield_value: '',
    });
  });

  it('shows the server refusal on its field', async () => {
    const message = 'Dit veld is niet te kiezen in producten.';
    setup({
      'POST /api/product': () => ({
        status: 422,
        body: { message, errors: { alternativeamount_id: [message] } },
      }),
    });
    renderCreate();
    await choose('Gegevensbron', 'Uit formulier');
    await choose('Formulier', 'Dakopname');
    await waitFor(() => expect(section().getByRole('combobox', { name: 'Aantal uit veld' })).toBeTruthy());
    await choose('Aantal uit veld', 'Oppervlak');
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await section().findByText(message)).toBeTruthy();
  });
});

describe('product form: VAT rates', () => {
  const vatOptions = () => optionsOf('Btw', within(document.body));

  it('offers no 6 % for a new product, nor among the shares of a split', async () => {
    setup();
    renderCreate();
    fireEvent.click(screen.getByRole('combobox', { name: 'Btw' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['0%', '9%', '21%', 'Verdeeld over tarieven']);
    fireEvent.click(options[3]!);
    await screen.findByRole('textbox', { name: '9%' });
    expect(screen.queryByRole('textbox', { name: '6%' })).toBeNull();
    expect(screen.getByRole('textbox', { name: '9%' })).toBeTruthy();
  });

  it('keeps 6 % for a product that has it from before 2019', async () => {
    setup();
    const old = createTestProduct({ percentage_vat_6: 100, percentage_vat_21: 0, vat_percentage: 6 });
    renderWithProviders(<EditProductModal product={old} opened onClose={() => {}} />);
    expect(await vatOptions()).toEqual(['0%', '6%', '9%', '21%', 'Verdeeld over tarieven']);
    expect((screen.getByRole('combobox', { name: 'Btw' }) as HTMLInputElement).value).toBe('6%');
  });
});
