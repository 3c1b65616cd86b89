import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerApi } from './api';
import { firstReadPath, startFirstRead, takeFirstRead } from './first-read';

const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

describe('the first read of a customer page', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    window.sessionStorage.clear();
    window.__imFirstRead = undefined;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.location.hash = '';
  });

  it.each([
    ['flow', '/api/flow/a%20b/getbycustomer'],
    ['communicator', '/api/flow/a%20b/getbycustomer'],
    ['quotation', '/api/quotation/a%20b/getbycustomer'],
    ['confirmation', '/api/confirmation/a%20b/getbycustomer'],
    ['invoice', '/api/invoice/a%20b/getbycustomer'],
    ['document', '/api/document/a%20b/getbycustomer'],
  ] as const)('reads the %s page from %s', (route, path) => {
    expect(firstReadPath({ route, hash: 'a b' })).toBe(path);
  });

  it('starts the read at once, and the page takes that answer instead of asking again, once', async () => {
    window.location.hash = '#/customer_quotation_detail/q1?questions=1';
    fetchMock.mockResolvedValueOnce(answer({ id: 1 })).mockResolvedValueOnce(answer({ id: 2 }));
    startFirstRead();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/quotation/q1/getbycustomer');
    expect(await customerApi.get('/api/quotation/q1/getbycustomer')).toEqual({ id: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // A reload of the page (a poll, 'Opnieuw proberen') asks the server.
    expect(await customerApi.get('/api/quotation/q1/getbycustomer')).toEqual({ id: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('another path never takes it; an unknown hash starts nothing', () => {
    window.location.hash = '#/customer_invoice_detail/i1';
    fetchMock.mockImplementation(async () => answer({}));
    startFirstRead();
    expect(takeFirstRead('/api/invoice/other/getbycustomer')).toBeNull();
    expect(takeFirstRead('/api/invoice/i1/getbycustomer')).not.toBeNull();
    window.__imFirstRead = undefined;
    window.location.hash = '#/dashboard';
    startFirstRead();
    expect(window.__imFirstRead).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("a staff preview's first read carries the preview header, as every later call of the tab", async () => {
    window.location.hash = '#/customer_flow_detail/f1?preview=1';
    fetchMock.mockImplementation(async () => answer({}));
    startFirstRead();
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(init.headers).toMatchObject({ 'x-customer-preview': '1', Accept: 'application/json' });
    await customerApi.get('/api/flow/f1/getbycustomer');
    await customerApi.get('/api/message/f1/getbycustomer');
    expect((fetchMock.mock.calls[1]![1] as RequestInit).headers).toMatchObject({ 'x-customer-preview': '1' });
  });

  it("a failed early read is the page's error, in Dutch, not an unhandled rejection", async () => {
    window.location.hash = '#/customer_flow_detail/f1';
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    startFirstRead();
    await expect(customerApi.get('/api/flow/f1/getbycustomer')).rejects.toMatchObject({ status: 0 });
  });
});
