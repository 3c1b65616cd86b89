import { CUSTOMER_TEXTS, type CustomerDossier, INCIDENT_ACTION_PROMPTS } from '@im/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stayOnDossier } from '../router';
import {
  customerForm,
  DOC_HASH,
  dossier,
  FLOW_HASH,
  messages,
  mockCustomerApi,
  type Routes,
  renderCustomer,
} from '../test-factories';

const GET_FLOW = `GET /api/flow/${FLOW_HASH}/getbycustomer`;
const GET_MESSAGES = `GET /api/message/${FLOW_HASH}/getbycustomer`;

function setup(
  d: CustomerDossier | { status: number; body: unknown } = dossier(),
  routes: Routes = {},
  search = '',
) {
  const server = mockCustomerApi({
    [GET_FLOW]: () => ('hash' in d ? { body: d } : d),
    [GET_MESSAGES]: () => ({ body: messages() }),
    ...routes,
  });
  renderCustomer(`/customer_flow_detail/${FLOW_HASH}${search}`);
  return server;
}

const calls = (server: ReturnType<typeof setup>, key: string) =>
  server.calls.filter((c) => `${c.method} ${c.url.split('?')[0]}` === key);

afterEach(() => {
  vi.useRealTimers();
  window.sessionStorage.clear();
  window.location.hash = '';
});

describe('customer dossier page', () => {
  it('shows the dossier branded as the installer: timeline, documents, forms, visits, files, incidents', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dossier 1042' })).toBeTruthy();
    expect(screen.getByRole('banner').textContent).toContain('Zonnestroom Noord');
    expect(document.title).toBe('Dossier 1042 · Zonnestroom Noord B.V.');
    expect(document.documentElement.style.getPropertyValue('--brand')).toBe('#0f766e');
    expect(screen.getByText('Voor Jan Jansen')).toBeTruthy();

    // The timeline is an ordered list: every step with its state in words, the current one marked.
    const timeline = within(screen.getByRole('region', { name: 'Voortgang' })).getByRole('list');
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      '✓Aanvraag02-02-2026Afgerondafgerond',
      '✓Opname10-02-2026Afgerondafgerond',
      'Offerte14-02-2026Nuhuidige stap',
      'Opdrachtnog niet',
      'Uitvoeringnog niet',
      'Factuurnog niet',
      'Servicenog niet',
    ]);
    expect(steps[2]?.getAttribute('aria-current')).toBe('step');
    expect(steps.filter((s) => s.hasAttribute('aria-current'))).toHaveLength(1);

    const docs = screen.getByRole('region', { name: 'Documenten' });
    expect(
      within(docs).getByRole('link', { name: 'Offerte 2026017: Zonnepanelen 12 stuks' }).getAttribute('href'),
    ).toBe(`#/customer_quotation_detail/${DOC_HASH}`);
    expect(
      within(docs).getByRole('link', { name: 'Factuur 2026101: Aanbetaling' }).getAttribute('href'),
    ).toBe('#/customer_invoice_detail/InVoIcEhAsH0123456789abcdefABCD');

    const forms = screen.getByRole('region', { name: 'Formulieren' });
    expect(within(forms).getByRole('button', { name: 'Invullen: Dakgegevens' })).toBeTruthy();
    expect(within(forms).getByRole('button', { name: 'Bekijken: Meterkast' })).toBeTruthy();

    expect(
      within(screen.getByRole('region', { name: 'Geplande bezoeken' })).getByText('Opname'),
    ).toBeTruthy();
    const files = screen.getByRole('region', { name: 'Bestanden' });
    expect(within(files).getByRole('link', { name: 'meterkast.jpg' }).getAttribute('href')).toBe(
      `/api/flowfile/7/showbycustomer?hash=${FLOW_HASH}`,
    );
    const incidents = screen.getByRole('region', { name: 'Meldingen' });
    expect(within(incidents).getByText('De omvormer piept.')).toBeTruthy();
    expect(within(incidents).getByText('Open')).toBeTruthy();
    expect(within(incidents).getByText('We komen dinsdag langs.')).toBeTruthy();
    // The questions panel is folded, with the unread count; its messages load only when opened.
    expect(screen.getByText('2 nieuwe berichten')).toBeTruthy();
  });

  it.each([
    [404, CUSTOMER_TEXTS.flowNotFound, 'x'],
    [410, CUSTOMER_TEXTS.flowGone, 'x'],
    [429, CUSTOMER_TEXTS.guessBlocked(9), CUSTOMER_TEXTS.guessBlocked(9)],
    [429, CUSTOMER_TEXTS.tooManyRequests, ''],
  ])('shows the breaking error of a %s on the page, in the host branding', async (status, text, message) => {
    const server = setup(
      { status, body: { message } },
      {
        'GET /api/portal/branding/hostname/localhost': () => ({
          body: {
            appname: 'Installatiemanager',
            logo_url: null,
            background_url: null,
            brand_button_color: null,
            is_default: true,
          },
        }),
      },
    );
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    await waitFor(() => expect(screen.getByRole('banner').textContent).toContain('Installatiemanager'));
    expect(calls(server, 'GET /api/portal/branding/hostname/localhost')).toHaveLength(1);
  });

  it("goes at once to the dossier's one visible document (redirect), keeping the questions option", async () => {
    const redirect = dossier().documents[0]!;
    setup(dossier({ redirect }), {}, '?questions=1');
    await waitFor(() =>
      expect(window.location.hash).toBe(`#/customer_quotation_detail/${DOC_HASH}?questions=1`),
    );
    expect(screen.queryByRole('heading', { name: 'Dossier 1042' })).toBeNull();
  });

  it('shows the dossier itself when the customer comes back to it from the document', async () => {
    stayOnDossier(FLOW_HASH);
    setup(dossier({ redirect: dossier().documents[0]! }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dossier 1042' })).toBeTruthy();
    expect(window.location.hash).toBe(`#/customer_flow_detail/${FLOW_HASH}`);
  });

  it("staff's view as customer (preview=1) says so on the page and in every call of the tab", async () => {
    const server = setup(dossier(), {}, '?preview=1');
    expect(await screen.findByText(/Voorbeeld zoals de klant het ziet/)).toBeTruthy();
    expect(server.calls[0]?.headers).toMatchObject({ 'x-customer-preview': '1' });
  });

  it('an ordinary open sends no preview header', async () => {
    const server = setup();
    await screen.findByRole('heading', { level: 1, name: 'Dossier 1042' });
    expect(server.calls[0]?.headers['x-customer-preview']).toBeUndefined();
    expect(screen.queryByText(/Voorbeeld zoals de klant het ziet/)).toBeNull();
  });

  it('questions: the questions panel opens by itself after 2000 ms with the conversation', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = setup(dossier(), {}, '?questions=1');
    const toggle = await screen.findByRole('button', { name: 'Stel een vraag' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(calls(server, GET_MESSAGES)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(screen.getByRole('button', { name: 'Berichten verbergen' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(await screen.findByText('Dinsdag tussen 8 en 10 uur.')).toBeTruthy();
    expect(calls(server, GET_MESSAGES)).toHaveLength(1);
  });

  it('writes a message only with content', async () => {
    const server = setup(dossier(), {
      [`POST /api/message/${FLOW_HASH}/savebycustomer`]: () => ({
        status: 201,
        body: { id: 3, message: 'ok' },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Stel een vraag' }));
    await screen.findByText('Wanneer komt de monteur?');
    fireEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(screen.getByText('Schrijf eerst een bericht.')).toBeTruthy();
    expect(calls(server, `POST /api/message/${FLOW_HASH}/savebycustomer`)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Uw bericht'), { target: { value: '  Kan het ook woensdag?  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(await screen.findByText('Uw bericht is verstuurd.')).toBeTruthy();
    expect(calls(server, `POST /api/message/${FLOW_HASH}/savebycustomer`)[0]?.body).toEqual({
      content: 'Kan het ook woensdag?',
    });
    expect(calls(server, GET_MESSAGES)).toHaveLength(2);
  });

  it('withOpenForm: the first unsent form opens after 750 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const d = dossier({
      forms: [
        { id: 32, vertical_id: 6, name: 'Meterkast', status: 'sent' },
        { id: 31, vertical_id: 5, name: 'Dakgegevens', status: 'open' },
      ],
    });
    const server = setup(
      d,
      { 'GET /api/flowdataitem/31/getbycustomer': () => ({ body: customerForm() }) },
      '?withOpenForm=1',
    );
    await screen.findByRole('heading', { level: 1, name: 'Dossier 1042' });
    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(100));
    await screen.findByLabelText('Dakhelling (graden)');
    expect(screen.getByRole('dialog', { name: 'Dakgegevens' })).toBeTruthy();
    expect(calls(server, 'GET /api/flowdataitem/31/getbycustomer')[0]?.url).toBe(
      `/api/flowdataitem/31/getbycustomer?hash=${FLOW_HASH}`,
    );
  });

  it('withOpenForm does not redirect to the one document', async () => {
    setup(dossier({ redirect: dossier().documents[0]! }), {}, '?withOpenForm=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dossier 1042' })).toBeTruthy();
  });

  it('refuses to upload a file that is no image or PDF, with the spec text, without calling the server', async () => {
    const server = setup();
    const input = (await screen.findByLabelText('Bestand uploaden (foto of PDF)')) as HTMLInputElement;
    const file = new File(['x'], 'offerte.docx', {
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    fireEvent.change(input, { target: { files: [file] } });
    expect((await screen.findByRole('alert')).textContent).toBe(CUSTOMER_TEXTS.uploadOnlyImagesAndPdf);
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('uploads a photo or PDF with the flow hash and shows the new list', async () => {
    const server = setup(dossier(), {
      'POST /api/flowfile/storebycustomer': () => ({ status: 201, body: dossier().flowfiles[0] }),
    });
    const input = (await screen.findByLabelText('Bestand uploaden (foto of PDF)')) as HTMLInputElement;
    const file = new File(['%PDF'], 'tekening.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText('tekening.pdf is geüpload.')).toBeTruthy();
    const body = calls(server, 'POST /api/flowfile/storebycustomer')[0]?.body as FormData;
    expect(body.get('hash')).toBe(FLOW_HASH);
    expect((body.get('file') as File).name).toBe('tekening.pdf');
    expect(calls(server, GET_FLOW)).toHaveLength(2);
  });

  it('reports an incident with a type and a text, and resolves one after confirmation', async () => {
    const incident = dossier().incidents[0]!;
    const server = setup(dossier(), {
      'POST /api/incident/savebycustomer': () => ({ status: 201, body: incident }),
      [`POST /api/incident/${incident.hash}/resolvebycustomer`]: () => ({
        body: { ...incident, status: 'resolved' },
      }),
    });
    const region = await screen.findByRole('region', { name: 'Meldingen' });
    fireEvent.click(within(region).getByRole('button', { name: 'Melding maken' }));
    expect(within(region).getByText('Kies een soort melding.')).toBeTruthy();
    expect(within(region).getByText('Beschrijf wat er aan de hand is.')).toBeTruthy();
    fireEvent.change(within(region).getByLabelText('Soort melding'), { target: { value: '3' } });
    fireEvent.change(within(region).getByLabelText('Omschrijving'), { target: { value: 'Kras op de deur' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Melding maken' }));
    expect(await within(region).findByText('Uw melding is verstuurd.')).toBeTruthy();
    expect(calls(server, 'POST /api/incident/savebycustomer')[0]?.body).toEqual({
      hash: FLOW_HASH,
      incident_type_id: 3,
      content: 'Kras op de deur',
    });

    fireEvent.click(within(region).getByRole('button', { name: 'Markeren als opgelost' }));
    const confirm = await screen.findByRole('dialog', { name: 'Bevestigen' });
    expect(within(confirm).getByText(INCIDENT_ACTION_PROMPTS.resolve)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ja' }));
    expect(await within(region).findByText('De melding is als opgelost gemarkeerd.')).toBeTruthy();
    expect(calls(server, `POST /api/incident/${incident.hash}/resolvebycustomer`)).toHaveLength(1);
  });
});
