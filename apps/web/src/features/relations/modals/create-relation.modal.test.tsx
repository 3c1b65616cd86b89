import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';
import {
  createTestFlowSettings,
  createTestRelation,
  createTestRelationDetail,
  paginated,
} from '../test-factories';

type Lookup = (call: { url: string }) => { status?: number; body?: unknown } | undefined;

function serve(duplicates: ReturnType<typeof createTestRelation>[], lookup?: Lookup) {
  setToken('t');
  const created = createTestRelationDetail({ id: 77, name: 'Jan', nameprefix: 'van der', surname: 'Berg' });
  return mockServer({
    session: createTestSession(),
    routes: {
      'GET /api/relation/querypaginated': () => paginated([]),
      'GET /api/company/getcurrentflowsettings': () => ({ body: createTestFlowSettings() }),
      'POST /api/relation/checkfordoublerelations': () => ({ body: duplicates }),
      'POST /api/relation': () => ({ status: 201, body: created }),
      'GET /api/relation/77': () => ({ body: created }),
      'GET /api/location': () => ({ body: [] }),
      ...(lookup ? { 'GET /api/address/lookup': lookup } : {}),
      'GET /api/portal/config': () => ({
        body: {
          map_tile_url: 'https://tiles.test/{z}/{x}/{y}.png',
          map_attribution: 'OSM',
          map_default_center: [52.5, 6.08],
        },
      }),
    },
  });
}

const inputValue = (dialog: HTMLElement, label: string | RegExp) =>
  (within(dialog).getByLabelText(label, { selector: 'input' }) as HTMLInputElement).value;

async function openModal() {
  const { router } = renderApp('/relation_overview');
  fireEvent.click(await screen.findByRole('button', { name: 'Nieuwe relatie' }, { timeout: 5000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Nieuwe relatie' });
  // The standard request profile arrives with the flow settings.
  await waitFor(() => expect(inputValue(dialog, 'Aanvraagprofiel')).toBe('Standaard'));
  return { router, dialog };
}

describe('create relation modal', () => {
  it('splits the full name, warns about duplicates with links, and saves with a flow on "Toch opslaan"', async () => {
    const { calls } = serve([
      createTestRelation({ id: 5, name: 'Jan', nameprefix: 'van den', surname: 'Berg' }),
    ]);
    const { router, dialog } = await openModal();

    fireEvent.change(within(dialog).getByLabelText('Volledige naam'), {
      target: { value: 'Jan van der Berg' },
    });
    expect(inputValue(dialog, 'Voornaam')).toBe('Jan');
    expect(inputValue(dialog, 'Tussenvoegsel')).toBe('van der');
    expect(inputValue(dialog, /^Achternaam/)).toBe('Berg');
    fireEvent.change(within(dialog).getByLabelText('E-mailadres'), { target: { value: 'jan@berg.nl' } });
    fireEvent.change(within(dialog).getByLabelText('Postcode'), { target: { value: '8011 AB' } });
    fireEvent.change(within(dialog).getByLabelText('Huisnummer'), { target: { value: '12' } });
    expect(inputValue(dialog, 'Leadbron')).toBe('Eigen website');
    expect((within(dialog).getByLabelText('Maak direct een dossier aan') as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.change(within(dialog).getByLabelText('Omschrijving dossier'), {
      target: { value: 'Thuisbatterij' },
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    const warning = await within(dialog).findByRole('alert');
    expect(within(warning).getByText('Mogelijke dubbele relaties')).toBeTruthy();
    expect(within(warning).getByRole('link', { name: 'Jan van den Berg' }).getAttribute('href')).toBe(
      '/relation_detail/5',
    );
    expect(calls.find((c) => c.url === '/api/relation/checkfordoublerelations')?.body).toEqual({
      name: 'Jan',
      surname: 'Berg',
      email: 'jan@berg.nl',
      postcode: '8011 AB',
      number: '12',
    });
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/relation')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Toch opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/relation_detail/77'));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/relation')?.body).toEqual({
      name: 'Jan',
      nameprefix: 'van der',
      surname: 'Berg',
      email: 'jan@berg.nl',
      phone: '',
      mobile: '',
      buyer_reference: '',
      order_reference: '',
      lead_source: 'Eigen website',
      flowprofile_id: 3,
      createnewflow: true,
      flow_description: 'Thuisbatterij',
      location: { address: '', number: '12', number_addition: '', postcode: '8011 AB', city: '' },
    });
  });

  it('saves at once without duplicates, and without a flow when the box is cleared', async () => {
    const { calls } = serve([]);
    const { router, dialog } = await openModal();

    fireEvent.change(within(dialog).getByLabelText('Volledige naam'), { target: { value: 'Berg' } });
    expect(inputValue(dialog, 'Voornaam')).toBe('');
    expect(inputValue(dialog, /^Achternaam/)).toBe('Berg');
    fireEvent.click(within(dialog).getByLabelText('Maak direct een dossier aan'));
    expect(within(dialog).queryByLabelText('Omschrijving dossier')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/relation_detail/77'));
    const saved = calls.find((c) => c.method === 'POST' && c.url === '/api/relation')?.body as Record<
      string,
      unknown
    >;
    expect(saved).toMatchObject({ surname: 'Berg', createnewflow: false });
    expect(saved).not.toHaveProperty('flow_description');
    expect(saved).not.toHaveProperty('location');
  });

  it('needs a surname before it checks or saves anything', async () => {
    const { calls } = serve([]);
    const { dialog } = await openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Dit veld is verplicht.')).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/relation/check'))).toBe(false);
  });

  it('puts postcode first and fills street and city from postcode and number, keeping what the user typed', async () => {
    const asked: string[] = [];
    const { calls } = serve([], (call) => {
      asked.push(call.url);
      const q = new URL(call.url, 'http://x').searchParams;
      if (q.get('number') === '99') return { status: 404, body: { message: 'Geen adres gevonden.' } };
      if (q.get('number') === '13') return { status: 503, body: { message: 'Niet bereikbaar.' } };
      const street = q.get('number') === '12' ? 'Dorpsstraat' : 'Kerkstraat';
      return {
        body: {
          street,
          city: 'Zwolle',
          postcode: '8011 AB',
          number: q.get('number'),
          addition: '',
          lat: 52.5,
          lng: 6.1,
        },
      };
    });
    const { dialog } = await openModal();
    const labels = within(dialog)
      .getAllByRole('textbox')
      .map((input) => input.getAttribute('id'))
      .map((id) => dialog.querySelector(`label[for="${id}"]`)?.textContent ?? '');
    const at = (label: string) => labels.findIndex((l) => l.startsWith(label));
    expect(at('Postcode')).toBeLessThan(at('Straat'));
    expect(at('Huisnummer')).toBeLessThan(at('Straat'));
    expect(at('Huisnummer')).toBeLessThan(at('Plaats'));

    fireEvent.change(within(dialog).getByLabelText('Postcode'), { target: { value: '8011 A' } });
    fireEvent.change(within(dialog).getByLabelText('Huisnummer'), { target: { value: '12' } });
    fireEvent.change(within(dialog).getByLabelText('Postcode'), { target: { value: '8011ab' } });
    await waitFor(() => expect(inputValue(dialog, 'Straat')).toBe('Dorpsstraat'));
    expect(inputValue(dialog, 'Plaats')).toBe('Zwolle');
    // Only the complete postcode was asked for, once (debounced).
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('postcode=8011AB');
    expect(asked[0]).toContain('number=12');

    // The user corrects the city; another number updates the street but keeps that city.
    fireEvent.change(within(dialog).getByLabelText('Plaats'), { target: { value: 'Zwolle-Zuid' } });
    fireEvent.change(within(dialog).getByLabelText('Huisnummer'), { target: { value: '14' } });
    await waitFor(() => expect(inputValue(dialog, 'Straat')).toBe('Kerkstraat'));
    expect(inputValue(dialog, 'Plaats')).toBe('Zwolle-Zuid');

    // Not found and unreachable: a note, and the fields stay the user's.
    fireEvent.change(within(dialog).getByLabelText('Huisnummer'), { target: { value: '99' } });
    expect(await within(dialog).findByText(/Geen adres gevonden bij deze postcode/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Huisnummer'), { target: { value: '13' } });
    expect(await within(dialog).findByText(/kan nu niet worden opgezocht/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Straat'), { target: { value: 'Eigen straat' } });
    expect(inputValue(dialog, 'Straat')).toBe('Eigen straat');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says so when the browser is offline and asks nothing', async () => {
    const asked: string[] = [];
    serve([], (call) => {
      asked.push(call.url);
      return undefined;
    });
    const { dialog } = await openModal();
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      window.dispatchEvent(new Event('offline'));
      fireEvent.change(within(dialog).getByLabelText('Postcode'), { target: { value: '8011 AB' } });
      fireEvent.change(within(dialog).getByLabelText('Huisnummer'), { target: { value: '12' } });
      expect(await within(dialog).findByText(/U bent offline/)).toBeTruthy();
      expect(asked).toHaveLength(0);
      fireEvent.change(within(dialog).getByLabelText('Straat'), { target: { value: 'Dorpsstraat' } });
      expect(inputValue(dialog, 'Straat')).toBe('Dorpsstraat');
    } finally {
      // Back to the prototype's getter.
      delete (navigator as { onLine?: boolean }).onLine;
      window.dispatchEvent(new Event('online'));
    }
  });
});
