import { CUSTOMER_TEXTS } from '@im/domain';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dossier, FLOW_HASH, messages, mockCustomerApi, renderCustomer } from '../test-factories';

const GET_MESSAGES = `GET /api/message/${FLOW_HASH}/getbycustomer`;

afterEach(() => {
  vi.useRealTimers();
  window.location.hash = '';
});

function setup(flow: { status?: number; body: unknown } = { body: dossier() }) {
  const server = mockCustomerApi({
    [`GET /api/flow/${FLOW_HASH}/getbycustomer`]: () => flow,
    [GET_MESSAGES]: () => ({ body: messages() }),
    [`POST /api/message/${FLOW_HASH}/savebycustomer`]: () => ({
      status: 201,
      body: { id: 3, message: 'ok' },
    }),
  });
  renderCustomer(`/customer_communicator/${FLOW_HASH}`);
  const count = () => server.calls.filter((c) => `${c.method} ${c.url}` === GET_MESSAGES).length;
  return { ...server, count };
}

describe('customer communicator page', () => {
  it('shows the whole conversation, who wrote what, and refreshes it every 30 s while open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { count } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Berichten' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Berichten' });
    expect(list.textContent).toContain('Wanneer komt de monteur?');
    expect(list.textContent).toContain('Mark Visser');
    expect(list.textContent).toContain('Dinsdag tussen 8 en 10 uur.');
    expect(count()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(count()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(count()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(count()).toBe(3);
  });

  it('sends a message only with content', async () => {
    const server = setup();
    await screen.findByRole('list', { name: 'Berichten' });
    fireEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(screen.getByText('Schrijf eerst een bericht.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Uw bericht'), { target: { value: 'Dank u!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(await screen.findByText('Uw bericht is verstuurd.')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ content: 'Dank u!' });
  });

  it('shows the flow breaking errors', async () => {
    setup({ status: 410, body: { message: 'x' } });
    expect((await screen.findByRole('alert')).textContent).toBe(CUSTOMER_TEXTS.flowGone);
  });
});
