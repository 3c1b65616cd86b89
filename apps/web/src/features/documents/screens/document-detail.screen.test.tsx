import { DOCUMENT_TEXTS, type SalesDocument } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import { createTestDocument, createTestMailDraft, createTestWidget } from '../test-factories';

const MODULES = ['BASIS', 'CRM', 'SALES', 'SETTINGS', 'QUOTATION', 'CONFIRMATION', 'PROJECT'] as const;
const PREVIEW_HTML = '<html><body><h1>Uw offerte</h1><script>alert(1)</script></body></html>';

function setup(
  routes: Record<string, MockRoute> = {},
  document: SalesDocument = createTestDocument(),
  path = '/quotation_detail/5',
) {
  setToken('t');
  const server = mockServer({
    session: createTestSession({ modules: [...MODULES] }),
    routes: {
      'GET /api/quotation/5': () => ({ body: document }),
      'GET /api/quotation/5/preview': () => ({
        body: { html: PREVIEW_HTML, header_html: '', footer_html: '' },
      }),
      ...routes,
    },
  });
  return { ...server, ...renderApp(path) };
}

/** The document on the first read, then `status` with `message` on every read again. */
function readOnceThenFail(status: number, message: string) {
  let reads = 0;
  const route: MockRoute = () => {
    reads += 1;
    return reads === 1 ? { body: createTestDocument() } : { status, body: { message } };
  };
  return { route, count: () => reads };
}

// The first test also loads the lazy screen: on a busy machine that takes seconds.
const findEditor = () => screen.findByRole('heading', { name: 'Offerte 2026001' }, { timeout: 15_000 });

afterEach(() => vi.restoreAllMocks());

describe('document editor', () => {
  it("shows on 'Klant' when the customer opened it and the evidence of their signature", async () => {
    setup({
      'GET /api/quotation/5/customeractivity': () => ({
        body: {
          views: {
            first_viewed_at: '2026-11-20T09:00:00+01:00',
            last_viewed_at: '2026-11-21T10:15:00+01:00',
            count: 3,
          },
          responses: [
            {
              id: 9,
              action: 'approved',
              version: 1,
              signername: 'J. Jansen',
              signatory_name: '',
              location: 'Utrecht',
              additional_message: 'Graag in maart',
              signature_type: 'drawn',
              has_signature: true,
              ip_address: '192.0.2.10',
              user_agent: 'Mozilla/5.0 (iPhone)',
              html_sha256: 'a'.repeat(64),
              pdf_sha256: 'b'.repeat(64),
              created_at: '2026-11-21T10:20:00+01:00',
              signature_url: '/api/quotation/5/signature/9',
              signed_pdf_url: '/api/quotation/5/signedpdf/9',
            },
          ],
        },
      }),
    });
    await findEditor();
    const card = await screen.findByRole('region', { name: 'Klant' });
    expect(await within(card).findByText('Bekeken op 21-11-2026 10:15 (3×)')).toBeTruthy();
    expect(within(card).getByText('Goedgekeurd door klant')).toBeTruthy();
    expect(within(card).getByText('J. Jansen · Utrecht')).toBeTruthy();
    expect(within(card).getByText(/192\.0\.2\.10/)).toBeTruthy();
    expect(within(card).getByText(new RegExp(`SHA-256 ${'a'.repeat(64)}`))).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Ondertekende PDF' })).toBeTruthy();
  });

  it('lists the widgets in order and shows the preview in a sandboxed frame', async () => {
    const { calls } = setup();
    await findEditor();
    const widgets = screen.getAllByTestId(/^widget-/).map((w) => w.getAttribute('data-testid'));
    expect(widgets).toEqual(['widget-11', 'widget-12', 'widget-13']);
    expect(screen.getByText('Uw offerte')).toBeTruthy();
    expect(screen.getByText('Beste Jan,')).toBeTruthy();
    const frame = (await screen.findByTitle('Voorbeeld')) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.hasAttribute('sandbox')).toBe(true);
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(PREVIEW_HTML);
    expect(calls.some((c) => c.url === '/api/quotation/5/preview')).toBe(true);
  });

  it('adds a widget of a chosen type and refetches the document and the preview', async () => {
    const created = createTestWidget({ id: 20, order: 4, tag: 'HEADER1', description: 'nieuwe widget' });
    const { calls } = setup({
      'GET /api/documentwidgettype': () => ({
        body: [
          {
            id: 1,
            tag: 'HEADER1',
            description: 'Kop 1',
            is_active: true,
            available: true,
            widgets: 3,
            created_at: '',
            updated_at: '',
          },
          {
            id: 2,
            tag: 'TEXT',
            description: 'Tekst',
            is_active: true,
            available: true,
            widgets: 3,
            created_at: '',
            updated_at: '',
          },
        ],
      }),
      'POST /api/documentwidget': () => ({ status: 201, body: created }),
    });
    await findEditor();
    const previewsBefore = calls.filter((c) => c.url === '/api/quotation/5/preview').length;
    fireEvent.click(screen.getByRole('button', { name: 'Widget toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Widget toevoegen' });
    const type = within(dialog).getByRole('combobox', { name: 'Soort widget' }) as HTMLInputElement;
    await waitFor(() => expect(type.disabled).toBe(false));
    fireEvent.click(type);
    fireEvent.click(await screen.findByRole('option', { name: 'Tekst' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Widget toevoegen' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/documentwidget')).toBe(true),
    );
    expect(calls.find((c) => c.url === '/api/documentwidget')?.body).toEqual({
      document_id: 5,
      document_widget_type_id: 2,
    });
    // The new widget opens in the editor; the document and its preview load again.
    expect(await screen.findByRole('dialog', { name: 'Widget bewerken: Kop 1' })).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/quotation/5/preview').length).toBeGreaterThan(
        previewsBefore,
      ),
    );
  });

  it('deletes a widget only after the confirm prompt', async () => {
    const { calls } = setup({ 'DELETE /api/documentwidget/12': () => ({ body: { message: 'ok' } }) });
    await findEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Acties voor Inleiding' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Widget verwijderen' }));
    expect(await screen.findByText(DOCUMENT_TEXTS.deleteWidgetConfirm)).toBeTruthy();
    expect(DOCUMENT_TEXTS.deleteWidgetConfirm).toBe('Deze widget verwijderen?');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/documentwidget/12')).toBe(true),
    );
  });

  it('splits a recurring widget into standalone widgets only after the no-undo prompt', async () => {
    const base = createTestDocument();
    const recurring = createTestWidget({
      id: 14,
      order: 4,
      tag: 'RECURRING',
      description: 'Ruimtes',
      textcontent: '<p>{{ formulier.ruimte }}</p>',
      recurringvertical_id: 3,
    });
    const document = { ...base, documentwidgets: [...base.documentwidgets, recurring] };
    const { calls } = setup(
      {
        'POST /api/documentwidget/14/persist': () => ({
          body: {
            message: DOCUMENT_TEXTS.persisted(2),
            documentwidgets: [
              createTestWidget({
                id: 21,
                order: 4,
                description: 'Ruimtes 1',
                textcontent: '<p>Woonkamer</p>',
              }),
              createTestWidget({ id: 22, order: 5, description: 'Ruimtes 2', textcontent: '<p>Keuken</p>' }),
            ],
          },
        }),
      },
      document,
    );
    await findEditor();
    // Only a recurring widget offers it.
    fireEvent.click(screen.getByRole('button', { name: 'Acties voor Inleiding' }));
    expect(screen.queryByRole('menuitem', { name: 'Omzetten in losse widgets' })).toBeNull();
    fireEvent.keyDown(window.document.body, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Acties voor Ruimtes' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Omzetten in losse widgets' }));
    expect(await screen.findByText(DOCUMENT_TEXTS.persistConfirm)).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/persist'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Omzetten' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/documentwidget/14/persist')).toBe(true),
    );
    expect(await screen.findByText(DOCUMENT_TEXTS.persisted(2))).toBeTruthy();
  });

  it('moves a widget with the keyboard and saves its new position (orderOnly)', async () => {
    // jsdom lays nothing out: give each widget card a place, one under the other.
    const original = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const card = this.closest<HTMLElement>('[data-widget-index]');
      if (!card) return original.call(this);
      const top = Number(card.dataset.widgetIndex) * 100;
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
    const stored = createTestDocument();
    const { calls } = setup({
      'GET /api/quotation/5': () => ({ body: stored }),
      'PATCH /api/documentwidget/11': () => {
        const [first, second, third] = stored.documentwidgets;
        stored.documentwidgets = [second!, first!, third!];
        return { body: first };
      },
    });
    await findEditor();
    const handle = screen.getByRole('button', { name: 'Verslepen: Titel' });
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    fireEvent.keyDown(document, { code: 'ArrowDown', key: 'ArrowDown' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    fireEvent.keyDown(document, { code: 'Space', key: ' ' });
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: '/api/documentwidget/11',
      body: { order: 2, update_reason: 'orderOnly' },
    });
    await waitFor(() =>
      expect(screen.getAllByTestId(/^widget-/).map((w) => w.getAttribute('data-testid'))).toEqual([
        'widget-12',
        'widget-11',
        'widget-13',
      ]),
    );
  });

  it('sends the drafted mail from one dialog that asks "Email versturen?", and says it was sent', async () => {
    const { calls } = setup({
      'GET /api/quotation/5/getforsendingemail': () => ({ body: createTestMailDraft() }),
      'POST /api/quotation/5/sendemail': () => ({ body: createTestDocument({ status: 'sent' }) }),
    });
    await findEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Versturen' });
    const to = (await within(dialog).findByLabelText(/^Aan/)) as HTMLInputElement;
    expect(to.value).toBe('jan@example.nl');
    expect((within(dialog).getByLabelText(/^Onderwerp/) as HTMLInputElement).value).toBe(
      'Uw offerte 2026001',
    );
    expect((within(dialog).getByLabelText('PDF meesturen') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/^Onderwerp/), {
      target: { value: 'Uw offerte van ons' },
    });
    expect(within(dialog).getByText(DOCUMENT_TEXTS.sendConfirm)).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/sendemail'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Versturen' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/quotation/5/sendemail')).toBe(true));
    expect(calls.find((c) => c.url === '/api/quotation/5/sendemail')?.body).toEqual({
      to_email: 'jan@example.nl',
      subject: 'Uw offerte van ons',
      message: '<p>Beste Jan, hierbij uw offerte.</p>',
      sendpdf: true,
      sendattachments: false,
      mailtemplate_id: 3,
    });
    expect(
      await screen.findByText('Verstuurd. De klant ontvangt de e-mail met de link en de PDF.'),
    ).toBeTruthy();
  });

  it("keeps what the user typed in the send dialog when the document's data is read again", async () => {
    let drafts = 0;
    const { queryClient } = setup({
      'GET /api/quotation/5/getforsendingemail': () => {
        drafts += 1;
        return { body: createTestMailDraft({ subject: `Concept ${drafts}` }) };
      },
    });
    await findEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Versturen' });
    const subject = (await within(dialog).findByLabelText(/^Onderwerp/)) as HTMLInputElement;
    expect(subject.value).toBe('Concept 1');
    fireEvent.change(subject, { target: { value: 'Mijn eigen onderwerp' } });
    // Everything is read again, the draft too (a new one, with another subject): the typed text stays.
    await queryClient.invalidateQueries();
    await waitFor(() => expect(drafts).toBe(2));
    expect((within(dialog).getByLabelText(/^Onderwerp/) as HTMLInputElement).value).toBe(
      'Mijn eigen onderwerp',
    );
    expect(within(dialog).getByRole('button', { name: 'Versturen' })).toBeTruthy();
  });

  it('keeps the editor and an open send dialog when reading the document again fails, and says so', async () => {
    const reads = readOnceThenFail(503, 'De server is even niet bereikbaar.');
    const { queryClient } = setup({
      'GET /api/quotation/5': reads.route,
      'GET /api/quotation/5/getforsendingemail': () => ({
        body: createTestMailDraft({ subject: 'Concept' }),
      }),
    });
    await findEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Versturen' });
    const subject = (await within(dialog).findByLabelText(/^Onderwerp/)) as HTMLInputElement;
    fireEvent.change(subject, { target: { value: 'Mijn eigen onderwerp' } });
    // A 5xx is tried twice (query-client.ts); both fail.
    await queryClient.invalidateQueries({ queryKey: ['documents'] });
    expect(
      await screen.findByText('Niet bijgewerkt: je ziet wat het laatst is geladen.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(reads.count()).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('heading', { name: 'Offerte 2026001' })).toBeTruthy();
    expect(screen.queryByText('Het document kon niet worden geladen.')).toBeNull();
    expect((within(dialog).getByLabelText(/^Onderwerp/) as HTMLInputElement).value).toBe(
      'Mijn eigen onderwerp',
    );
  });

  it('says the document is gone when reading it again answers 404', async () => {
    const { queryClient } = setup({ 'GET /api/quotation/5': readOnceThenFail(404, 'Niet gevonden').route });
    await findEditor();
    await queryClient.invalidateQueries({ queryKey: ['documents'] });
    expect(await screen.findByText('Het document kon niet worden geladen.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Offerte 2026001' })).toBeNull();
  });

  it('shows the server message inside the send dialog when sending fails', async () => {
    setup({
      'GET /api/quotation/5/getforsendingemail': () => ({ body: createTestMailDraft() }),
      'POST /api/quotation/5/sendemail': () => ({
        status: 409,
        body: { message: DOCUMENT_TEXTS.alreadySent },
      }),
    });
    await findEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Versturen' });
    await within(dialog).findByLabelText(/^Aan/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Versturen' }));
    expect(await within(dialog).findByText(DOCUMENT_TEXTS.alreadySent)).toBeTruthy();
  });

  it('moves a template opened as a quotation to the template editor', async () => {
    const { router } = setup(
      {},
      createTestDocument({ is_template: true, title: 'Standaard offerte', number: null }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/quotationtemplate_detail/5'));
    expect(await screen.findByRole('heading', { name: 'Template: Standaard offerte' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Versturen' })).toBeNull();
  });
});
