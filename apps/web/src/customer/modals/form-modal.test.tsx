import { FORM_MESSAGES } from '@im/domain';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetAutosaveEntries } from '../../ui/autosave/autosave-store';
import { customerForm, dossier, FLOW_HASH, mockCustomerApi, renderCustomer } from '../test-factories';

const GET_FORM = 'GET /api/flowdataitem/31/getbycustomer';
const UPDATE = 'POST /api/flowdataitem/31/updatebycustomer';
const SEND = 'POST /api/flowdataitem/31/sendbycustomer';

function setup() {
  let form = customerForm();
  const server = mockCustomerApi({
    [`GET /api/flow/${FLOW_HASH}/getbycustomer`]: () => ({ body: dossier() }),
    [GET_FORM]: () => ({ body: form }),
    [UPDATE]: (call) => {
      const values = { ...form.item.values, ...(call.body as { values: Record<string, string> }).values };
      form = { ...form, item: { ...form.item, values } };
      return { body: form.item };
    },
    [SEND]: () => {
      form = { ...form, item: { ...form.item, status: 'sent', sent_at: '2026-02-16T10:00:00Z' } };
      return { body: form.item };
    },
    'POST /api/picture/storebycustomer': () => ({ status: 201, body: form.item.pictures[0] }),
    'POST /api/picture/88/removebycustomer': () => {
      form = { ...form, item: { ...form.item, pictures: [] } };
      return { body: { message: 'ok' } };
    },
  });
  renderCustomer(`/customer_flow_detail/${FLOW_HASH}`);
  return server;
}

const calls = (server: ReturnType<typeof setup>, key: string) =>
  server.calls.filter((c) => `${c.method} ${c.url.split('?')[0]}` === key);

async function openForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Invullen: Dakgegevens' }));
  // The dialog's code loads first (a stand-in dialog shows meanwhile), then the form.
  await screen.findByLabelText('Dakhelling (graden)');
  return screen.getByRole('dialog', { name: 'Dakgegevens' });
}

afterEach(() => {
  vi.useRealTimers();
  window.location.hash = '';
});

describe('customer form', () => {
  it('computes while typing and saves the changes 1500 ms after the last one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = setup();
    const dialog = await openForm();
    expect((within(dialog).getByLabelText('Dakhelling (graden)') as HTMLInputElement).value).toBe('35');
    expect(within(dialog).getByLabelText('Vermogen (Wp)').textContent).toBe('4.000');

    fireEvent.change(within(dialog).getByLabelText('Aantal panelen'), { target: { value: '12' } });
    expect(within(dialog).getByLabelText('Vermogen (Wp)').textContent).toBe('4.800');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    fireEvent.change(within(dialog).getByLabelText('Dakbedekking'), { target: { value: 'Pannen' } });
    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(calls(server, UPDATE)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(calls(server, UPDATE)).toHaveLength(1);
    expect(calls(server, UPDATE)[0]).toMatchObject({
      url: `/api/flowdataitem/31/updatebycustomer?hash=${FLOW_HASH}`,
      body: { values: { aantal: '12', dakbedekking: 'Pannen' } },
    });
    expect(await within(dialog).findByText('Opgeslagen')).toBeTruthy();
  });

  it('shows the photos at width 400, removes one after confirmation and uploads only images', async () => {
    const server = setup();
    const dialog = await openForm();
    const photos = within(dialog).getByRole('group', { name: 'Foto van het dak' });
    expect(within(photos).getByRole('img', { name: 'Foto van het dak: foto 1' }).getAttribute('src')).toBe(
      `/api/picture/88/getbycustomer?hash=${FLOW_HASH}&width=400`,
    );

    const input = within(photos).getByLabelText('Foto kiezen') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.pdf', { type: 'application/pdf' })] } });
    expect(
      await within(photos).findByText('Alleen foto’s (afbeeldingen) kunnen hier worden geüpload.'),
    ).toBeTruthy();
    expect(calls(server, 'POST /api/picture/storebycustomer')).toHaveLength(0);
    fireEvent.change(input, { target: { files: [new File(['x'], 'dak2.jpg', { type: 'image/jpeg' })] } });
    await vi.waitFor(() => expect(calls(server, 'POST /api/picture/storebycustomer')).toHaveLength(1));
    const body = calls(server, 'POST /api/picture/storebycustomer')[0]?.body as FormData;
    expect(Object.fromEntries([...body.entries()].filter(([k]) => k !== 'file'))).toEqual({
      field_name: 'dakfoto',
      vertical_id: '5',
      flow_data_item_id: '31',
      hash: FLOW_HASH,
    });

    // The form loads again after the upload.
    await vi.waitFor(() => expect(calls(server, GET_FORM)).toHaveLength(2));
    await vi.waitFor(() =>
      expect(
        (within(photos).getByRole('button', { name: 'Foto 1 verwijderen' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    fireEvent.click(within(photos).getByRole('button', { name: 'Foto 1 verwijderen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Bevestigen' });
    expect(within(confirm).getByText(FORM_MESSAGES.confirmDeletePicture)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ja' }));
    expect(await within(photos).findByText('Nog geen foto’s.')).toBeTruthy();
    expect(calls(server, 'POST /api/picture/88/removebycustomer')[0]?.url).toBe(
      `/api/picture/88/removebycustomer?hash=${FLOW_HASH}`,
    );
  });

  it("'Formulier versturen' saves what is pending, sends it, and the form is read-only after", async () => {
    const server = setup();
    const dialog = await openForm();
    fireEvent.change(within(dialog).getByLabelText('Dakhelling (graden)'), { target: { value: '40' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Formulier versturen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Bevestigen' });
    // The change went out first, not 1.5 s later.
    expect(calls(server, UPDATE)[0]?.body).toEqual({ values: { dakhelling: '40' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ja' }));
    expect(await within(dialog).findByText('Het formulier is verstuurd. Bedankt!')).toBeTruthy();
    expect(calls(server, SEND)[0]?.url).toBe(`/api/flowdataitem/31/sendbycustomer?hash=${FLOW_HASH}`);
    expect(within(dialog).queryByRole('button', { name: 'Formulier versturen' })).toBeNull();
    expect(
      (within(dialog).getByLabelText('Dakhelling (graden)') as HTMLInputElement).closest('fieldset')
        ?.disabled,
    ).toBe(true);
    expect(within(dialog).queryByLabelText('Foto kiezen')).toBeNull();
    // The dossier loads again (its form list shows it sent).
    expect(calls(server, `GET /api/flow/${FLOW_HASH}/getbycustomer`).length).toBeGreaterThanOrEqual(2);
  });

  it('shows a sent form read-only', async () => {
    mockCustomerApi({
      [`GET /api/flow/${FLOW_HASH}/getbycustomer`]: () => ({ body: dossier() }),
      'GET /api/flowdataitem/32/getbycustomer': () => ({
        body: customerForm({ id: 32, status: 'sent', sent_at: '2026-02-12T10:00:00Z' }),
      }),
    });
    renderCustomer(`/customer_flow_detail/${FLOW_HASH}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Bekijken: Meterkast' }));
    await screen.findByLabelText('Dakhelling (graden)');
    const dialog = screen.getByRole('dialog', { name: 'Dakgegevens' });
    expect(
      await within(dialog).findByText(/Dit formulier is verstuurd en kan niet meer worden gewijzigd\./),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Formulier versturen' })).toBeNull();
    expect(
      (within(dialog).getByLabelText('Dakhelling (graden)') as HTMLInputElement).closest('fieldset')
        ?.disabled,
    ).toBe(true);
  });

  it('a change followed at once by closing the dialog is saved at once, not lost', async () => {
    const server = setup();
    const dialog = await openForm();
    fireEvent.change(within(dialog).getByLabelText('Dakhelling (graden)'), { target: { value: '42' } });
    fireEvent.keyDown(within(dialog).getByLabelText('Dakhelling (graden)'), { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Dakgegevens' })).toBeNull());
    await vi.waitFor(() => expect(calls(server, UPDATE)).toHaveLength(1));
    expect(calls(server, UPDATE)[0]?.body).toEqual({ values: { dakhelling: '42' } });
  });

  it('a failed save shows "Niet opgeslagen", is kept over closing the dialog and is tried again by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let isDown = true;
    let stored: Record<string, unknown> = {};
    let form = customerForm();
    const server = mockCustomerApi({
      [`GET /api/flow/${FLOW_HASH}/getbycustomer`]: () => ({ body: dossier() }),
      [GET_FORM]: () => ({ body: form }),
      [UPDATE]: (call) => {
        if (isDown) return { status: 503, body: { message: 'Even niet bereikbaar.' } };
        stored = { ...stored, ...(call.body as { values: Record<string, unknown> }).values };
        form = { ...form, item: { ...form.item, values: { ...form.item.values, ...stored } as never } };
        return { body: form.item };
      },
    });
    renderCustomer(`/customer_flow_detail/${FLOW_HASH}`);
    let dialog = await openForm();
    fireEvent.change(within(dialog).getByLabelText('Dakhelling (graden)'), { target: { value: '38' } });
    await act(() => vi.advanceTimersByTimeAsync(1600));
    expect(await within(dialog).findByText('Niet opgeslagen: Even niet bereikbaar.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Opnieuw proberen' })).toBeTruthy();
    expect(calls(server, UPDATE)).toHaveLength(1);

    // Closing does not drop it: opened again, the dialog shows the kept value.
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Sluiten' }).at(-1) as HTMLElement);
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Dakgegevens' })).toBeNull());
    dialog = await openForm();
    expect((within(dialog).getByLabelText('Dakhelling (graden)') as HTMLInputElement).value).toBe('38');

    // The server is back: the backoff sends it without the customer doing anything.
    isDown = false;
    await act(() => vi.advanceTimersByTimeAsync(4500));
    await vi.waitFor(() => expect(stored).toEqual({ dakhelling: '38' }));
    expect(await within(dialog).findByText('Opgeslagen')).toBeTruthy();
    expect(window.localStorage.length).toBe(0);
  });

  it("a refused save waits for 'Opnieuw proberen', and a reload restores the kept change and sends it", async () => {
    let answer: { status: number; body: unknown } = {
      status: 422,
      body: { message: 'Kies een van de opties' },
    };
    let form = customerForm();
    const server = mockCustomerApi({
      [`GET /api/flow/${FLOW_HASH}/getbycustomer`]: () => ({ body: dossier() }),
      [GET_FORM]: () => ({ body: form }),
      [UPDATE]: () => answer,
    });
    const view = renderCustomer(`/customer_flow_detail/${FLOW_HASH}`);
    let dialog = await openForm();
    fireEvent.change(within(dialog).getByLabelText('Dakbedekking'), { target: { value: 'Pannen' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Formulier versturen' }));
    expect(await within(dialog).findByText('Niet opgeslagen: Kies een van de opties')).toBeTruthy();
    // Not sent while a change is not on the server, and not sent again by itself.
    expect(screen.queryByRole('dialog', { name: 'Bevestigen' })).toBeNull();
    expect(calls(server, SEND)).toHaveLength(0);
    expect(calls(server, UPDATE)).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opnieuw proberen' }));
    await vi.waitFor(() => expect(calls(server, UPDATE)).toHaveLength(2));

    // A reload (the page and its memory gone) still has the change from storage, and sends it.
    view.unmount();
    resetAutosaveEntries();
    form = { ...form, item: { ...form.item, values: { ...form.item.values, dakbedekking: 'Pannen' } } };
    answer = { status: 200, body: form.item };
    form = customerForm();
    renderCustomer(`/customer_flow_detail/${FLOW_HASH}`);
    dialog = await openForm();
    expect((within(dialog).getByLabelText('Dakbedekking') as HTMLSelectElement).value).toBe('Pannen');
    // Sent after the usual delay (1.5 s).
    await vi.waitFor(() => expect(calls(server, UPDATE)).toHaveLength(3), { timeout: 4000 });
    expect(calls(server, UPDATE).at(-1)?.body).toEqual({ values: { dakbedekking: 'Pannen' } });
    expect(await within(dialog).findByText('Opgeslagen')).toBeTruthy();
    expect((within(dialog).getByLabelText('Dakbedekking') as HTMLSelectElement).value).toBe('Pannen');
  });

  it('closing the tab sends a waiting change with keepalive', async () => {
    const server = setup();
    const dialog = await openForm();
    fireEvent.change(within(dialog).getByLabelText('Aantal panelen'), { target: { value: '14' } });
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(calls(server, UPDATE)).toHaveLength(1));
    expect(calls(server, UPDATE)[0]?.body).toEqual({ values: { aantal: '14' } });
    const init = server.fetchMock.mock.calls.find(([url]) => String(url).includes('updatebycustomer'))?.[1];
    expect(init?.keepalive).toBe(true);
  });
});
