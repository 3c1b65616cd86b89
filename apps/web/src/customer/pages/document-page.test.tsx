import {
  AGREEMENT_LABELS,
  AGREEMENT_MESSAGES,
  CUSTOMER_DOCUMENT_ERRORS,
  CUSTOMER_TEXTS,
  type CustomerDocument,
  type SignableKind,
} from '@im/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MockCall } from '../../test/fetch-mock';
import { signaturePads as pads } from '../../test/signature-pad';
import {
  customerDocument,
  DOC_HASH,
  FLOW_HASH,
  messages,
  mockCustomerApi,
  type Routes,
  renderCustomer,
} from '../test-factories';

const PATH = (kind: SignableKind) => `/customer_${kind}_detail/${DOC_HASH}`;

function setup(
  doc: CustomerDocument | { status: number; body: unknown } = customerDocument(),
  routes: Routes = {},
  kind: SignableKind = 'quotation',
  search = '',
) {
  let current = doc;
  const server = mockCustomerApi({
    [`GET /api/${kind}/${DOC_HASH}/getbycustomer`]: () => ('html' in current ? { body: current } : current),
    [`GET /api/message/${FLOW_HASH}/getbycustomer`]: () => ({ body: messages() }),
    ...routes,
  });
  renderCustomer(`${PATH(kind)}${search}`);
  return { ...server, answerWith: (next: CustomerDocument) => (current = next) };
}

const calls = (server: { calls: MockCall[] }, key: string) =>
  server.calls.filter((c) => `${c.method} ${c.url.split('?')[0]}` === key);

async function openApprove() {
  fireEvent.click(await screen.findByRole('button', { name: 'Goedkeuren' }));
  await screen.findByLabelText('Uw naam');
  return screen.getByRole('dialog', { name: 'Goedkeuren' });
}

afterEach(() => {
  vi.useRealTimers();
  pads.length = 0;
  window.location.hash = '';
});

describe('customer quotation, confirmation and document pages', () => {
  it('shows the sent version: title, status, dates, PDF, attachments, the sheet, the way back to the dossier', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Offerte 2026017' })).toBeTruthy();
    expect(screen.getByRole('banner').textContent).toContain('Zonnestroom Noord');
    expect(screen.getByText('Verstuurd')).toBeTruthy();
    expect(screen.getByText('14-03-2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'PDF downloaden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Productblad.pdf' }).getAttribute('href')).toBe(
      `/api/attachment/4/getbycustomer?hash=${DOC_HASH}`,
    );
    expect(screen.getByRole('link', { name: /Naar uw dossier/ }).getAttribute('href')).toBe(
      `#/customer_flow_detail/${FLOW_HASH}`,
    );
    const frame = screen.getByTitle('Uw offerte') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin');
    expect(frame.getAttribute('srcdoc')).toContain('<h1>Offerte 2026017</h1>');
    expect(screen.getByRole('button', { name: 'Afkeuren' })).toBeTruthy();
    expect(document.title).toBe('Offerte 2026017 · Zonnestroom Noord B.V.');
  });

  it.each(['quotation', 'confirmation', 'document'] as const)(
    'shows the breaking errors of a %s: 404 not found, 410 no longer available',
    async (kind) => {
      setup({ status: 404, body: { message: 'x' } }, {}, kind);
      expect((await screen.findByRole('alert')).textContent).toBe(CUSTOMER_DOCUMENT_ERRORS[kind].notFound);
      window.location.hash = '';
      document.body.innerHTML = '';
      setup({ status: 410, body: { message: 'x' } }, {}, kind);
      await waitFor(() =>
        expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
          CUSTOMER_DOCUMENT_ERRORS[kind].gone,
        ),
      );
    },
  );

  it('approving needs a name and a drawn signature, and sends them as a PNG data URL', async () => {
    const approved = customerDocument({
      status: 'approved',
      status_label: 'Goedgekeurd',
      approval: { ...customerDocument().approval, open: false },
      response: {
        action: 'approved',
        version: 1,
        signername: 'Jan Jansen',
        signatory_name: '',
        location: 'Groningen',
        additional_message: 'Graag in april.',
        signature_type: 'drawn',
        has_signature: true,
        ip_address: '127.0.0.1',
        user_agent: 'x',
        html_sha256: 'a',
        pdf_sha256: null,
        created_at: '2026-02-16T09:15:00Z',
        signed_pdf_url: `/api/quotation/${DOC_HASH}/downloadbycustomer?signed=1`,
      },
    });
    const server = setup(customerDocument(), {
      [`POST /api/quotation/${DOC_HASH}/approvebycustomer`]: () => {
        server.answerWith(approved);
        return { body: { message: CUSTOMER_TEXTS.approved, status: 'approved' } };
      },
    });
    const dialog = await openApprove();
    expect(within(dialog).getByText(AGREEMENT_MESSAGES.quotation.signature, { exact: false })).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Goedkeuren' }));
    expect(within(dialog).getByText(CUSTOMER_TEXTS.nameRequired)).toBeTruthy();
    expect(within(dialog).getByText(CUSTOMER_TEXTS.signatureRequired)).toBeTruthy();
    expect(calls(server, `POST /api/quotation/${DOC_HASH}/approvebycustomer`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Uw naam'), { target: { value: ' Jan Jansen ' } });
    fireEvent.change(within(dialog).getByLabelText('Plaats'), { target: { value: 'Groningen' } });
    fireEvent.change(within(dialog).getByLabelText('Namens (bedrijf of VvE, niet verplicht)'), {
      target: { value: 'VvE De Linde' },
    });
    fireEvent.change(within(dialog).getByLabelText('Bericht (niet verplicht)'), {
      target: { value: 'Graag in april.' },
    });
    // 'Wissen' empties the pad again.
    act(() => pads[0]!.draw());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Wissen' }));
    expect(pads[0]!.cleared).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Goedkeuren' }));
    expect(within(dialog).getByText(CUSTOMER_TEXTS.signatureRequired)).toBeTruthy();
    expect(within(dialog).queryByText(CUSTOMER_TEXTS.nameRequired)).toBeNull();

    act(() => pads[0]!.draw());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Goedkeuren' }));
    expect(await screen.findByText(CUSTOMER_TEXTS.approved)).toBeTruthy();
    expect(calls(server, `POST /api/quotation/${DOC_HASH}/approvebycustomer`)[0]).toMatchObject({
      body: {
        signername: 'Jan Jansen',
        signatory_name: 'VvE De Linde',
        location: 'Groningen',
        additional_message: 'Graag in april.',
        signature: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==',
        signature_type: 'drawn',
      },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    // The page loads again and shows the answer, without the buttons.
    expect(await screen.findByText(/^Goedgekeurd door Jan Jansen op 16-02-2026 10:15$/)).toBeTruthy();
    expect(screen.getByText('Plaats: Groningen')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Goedkeuren' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ondertekende PDF downloaden' })).toBeTruthy();
    expect(calls(server, `GET /api/quotation/${DOC_HASH}/getbycustomer`)).toHaveLength(2);
  });

  it('without a signature the agreement tick is needed, its message the error, and agreeswithoffer=1 is sent', async () => {
    const message = AGREEMENT_MESSAGES.confirmation.agreement;
    const doc = customerDocument({
      kind: 'confirmation',
      approval: { open: true, needs_signature: false, agreement_message: message },
    });
    const server = setup(
      doc,
      {
        [`POST /api/confirmation/${DOC_HASH}/approvebycustomer`]: () => ({
          body: { message: CUSTOMER_TEXTS.approved, status: 'approved' },
        }),
      },
      'confirmation',
    );
    const dialog = await openApprove();
    expect(within(dialog).queryByRole('img', { name: 'Handtekeningvak' })).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Uw naam'), { target: { value: 'Jan Jansen' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Goedkeuren' }));
    // The tick says what the customer agrees to; the spec's agreement message is the error beside it.
    const box = within(dialog).getByRole('checkbox', { name: AGREEMENT_LABELS.confirmation });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getAllByText(message)).toHaveLength(1);
    expect(box.getAttribute('aria-describedby')).toBe('c-agreement-error');
    expect(calls(server, `POST /api/confirmation/${DOC_HASH}/approvebycustomer`)).toHaveLength(0);

    fireEvent.click(box);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Goedkeuren' }));
    expect(await screen.findByText(CUSTOMER_TEXTS.approved)).toBeTruthy();
    expect(calls(server, `POST /api/confirmation/${DOC_HASH}/approvebycustomer`)[0]?.body).toEqual({
      signername: 'Jan Jansen',
      agreeswithoffer: 1,
    });
  });

  it('rejecting needs a name; the reason is optional', async () => {
    const server = setup(
      customerDocument({ kind: 'document' }),
      {
        [`POST /api/document/${DOC_HASH}/rejectbycustomer`]: () => ({
          body: { message: CUSTOMER_TEXTS.rejected, status: 'rejected' },
        }),
      },
      'document',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Afkeuren' }));
    await screen.findByLabelText('Reden (niet verplicht)');
    const dialog = screen.getByRole('dialog', { name: 'Afkeuren' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Afkeuren' }));
    expect(within(dialog).getByText(CUSTOMER_TEXTS.nameRequired)).toBeTruthy();
    expect(calls(server, `POST /api/document/${DOC_HASH}/rejectbycustomer`)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Uw naam'), { target: { value: 'Jan Jansen' } });
    fireEvent.change(within(dialog).getByLabelText('Reden (niet verplicht)'), {
      target: { value: 'Te duur' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Afkeuren' }));
    expect(await screen.findByText(CUSTOMER_TEXTS.rejected)).toBeTruthy();
    expect(calls(server, `POST /api/document/${DOC_HASH}/rejectbycustomer`)[0]?.body).toEqual({
      signername: 'Jan Jansen',
      additional_message: 'Te duur',
    });
  });

  it("shows the server's refusal (409) in the dialog and loads the document again", async () => {
    const server = setup(
      customerDocument({ approval: { ...customerDocument().approval, needs_signature: false } }),
      {
        [`POST /api/quotation/${DOC_HASH}/approvebycustomer`]: () => ({
          status: 409,
          body: { message: CUSTOMER_TEXTS.alreadyAnswered },
        }),
      },
    );
    const dialog = await openApprove();
    fireEvent.change(within(dialog).getByLabelText('Uw naam'), { target: { value: 'Jan' } });
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Goedkeuren' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(CUSTOMER_TEXTS.alreadyAnswered);
    await waitFor(() =>
      expect(calls(server, `GET /api/quotation/${DOC_HASH}/getbycustomer`)).toHaveLength(2),
    );
  });

  it('offers no answer buttons when the version is not open', async () => {
    setup(customerDocument({ approval: { ...customerDocument().approval, open: false } }));
    await screen.findByRole('heading', { level: 1, name: 'Offerte 2026017' });
    expect(screen.queryByRole('button', { name: 'Goedkeuren' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Afkeuren' })).toBeNull();
  });

  it("questions: the flow's questions panel opens after 2000 ms", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = setup(customerDocument(), {}, 'quotation', '?questions=1');
    const toggle = await screen.findByRole('button', { name: 'Stel een vraag' });
    await act(() => vi.advanceTimersByTimeAsync(1950));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(await screen.findByText('Wanneer komt de monteur?')).toBeTruthy();
    expect(calls(server, `GET /api/message/${FLOW_HASH}/getbycustomer`)).toHaveLength(1);
  });
});
