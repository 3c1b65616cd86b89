import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';
import { createTestProduct } from '../test-factories';

const ROW = { id: 71, product_id: 9, unit_amount: null, unit_rate_exc: null, unit_rate_inc: null };

describe('product detail: the price table', () => {
  it('saves a typed rate by itself, says so, and sends it at once when the field is left', async () => {
    setToken('t');
    const patched: unknown[] = [];
    mockServer({
      session: createTestSession({ userrole: 1000, modules: ['BASIS', 'CRM', 'SALES', 'SETTINGS'] }),
      routes: {
        'GET /api/product/9': () => ({ body: createTestProduct({ producttablerows: [ROW] as never }) }),
        'PATCH /api/producttablerow/71': (call) => {
          patched.push(call.body);
          return { body: { ...ROW, unit_rate_exc: 12.5, unit_rate_inc: 15.125 } };
        },
      },
    });
    renderApp('/product_detail/9');
    const rate = await screen.findByRole('textbox', { name: 'Prijs excl. btw' }, { timeout: 15_000 });
    fireEvent.change(rate, { target: { value: '12,50' } });
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Opslaan…')).toBe(true);
    fireEvent.blur(rate);
    await waitFor(() => expect(patched).toEqual([{ unit_rate_exc: '12,50' }]));
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((s) => s.textContent === 'Opgeslagen')).toBe(true),
    );
  });
});
