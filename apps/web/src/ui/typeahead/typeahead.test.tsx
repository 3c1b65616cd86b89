import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { type RelationOption, RelationTypeahead } from './entity-typeaheads';

interface PendingCall {
  method: string;
  url: string;
  body: unknown;
  answer: (body: unknown, status?: number) => void;
}

/** A fetch whose replies the test sends itself, in any order. */
function controlledFetch() {
  const calls: PendingCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          calls.push({
            method: init?.method ?? 'GET',
            url: String(input),
            body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
            answer: (body, status = 200) =>
              resolve(
                new Response(JSON.stringify(body), {
                  status,
                  headers: { 'content-type': 'application/json' },
                }),
              ),
          });
        }),
    ),
  );
  return calls;
}

function Harness({ onChange }: { onChange: (value: RelationOption | null) => void }) {
  const [value, setValue] = useState<RelationOption | null>(null);
  return (
    <RelationTypeahead
      value={value}
      debounceMs={20}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const type = (text: string) =>
  fireEvent.change(screen.getByLabelText('Relatie'), { target: { value: text } });
const searches = (calls: PendingCall[]) => calls.filter((c) => c.url.startsWith('/api/relation/search'));

describe('relation typeahead', () => {
  it("searches and offers '(nieuw)' only above 2 characters", async () => {
    const calls = controlledFetch();
    renderWithProviders(<Harness onChange={vi.fn()} />);
    fireEvent.focus(screen.getByLabelText('Relatie'));
    type('Ja');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(searches(calls)).toHaveLength(0);
    expect(screen.queryByText(/\(nieuw\)/)).toBeNull();
    expect(screen.getByText('Typ minstens 3 tekens om te zoeken')).toBeTruthy();

    type('Jan');
    expect(await screen.findByText('Jan (nieuw)')).toBeTruthy();
    await waitFor(() => expect(searches(calls)).toHaveLength(1));
    expect(searches(calls)[0]?.url).toBe('/api/relation/search?query=Jan');
  });

  it('ignores a stale reply that arrives after the reply for the newer text', async () => {
    const calls = controlledFetch();
    renderWithProviders(<Harness onChange={vi.fn()} />);
    fireEvent.focus(screen.getByLabelText('Relatie'));
    type('Jan');
    await waitFor(() => expect(searches(calls)).toHaveLength(1));
    type('Jansen');
    await waitFor(() => expect(searches(calls)).toHaveLength(2));

    await act(async () =>
      searches(calls)[1]?.answer([{ id: 2, fullname: 'Piet Jansen', address: 'Zwolle' }]),
    );
    expect(await screen.findByText('Piet Jansen')).toBeTruthy();
    await act(async () =>
      searches(calls)[0]?.answer([{ id: 1, fullname: 'Jan de Vries', address: 'Kampen' }]),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Jan de Vries')).toBeNull();
    expect(screen.getByText('Piet Jansen')).toBeTruthy();
  });

  it("creates a relation from the typed full name with '(nieuw)'", async () => {
    const calls = controlledFetch();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    fireEvent.focus(screen.getByLabelText('Relatie'));
    type('Anna van der Meer');
    fireEvent.click(await screen.findByText('Anna van der Meer (nieuw)'));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/relation');
    expect(post.body).toEqual({ name: 'Anna', nameprefix: 'van der', surname: 'Meer', createnewflow: false });
    await act(async () => post.answer({ id: 9, fullname: 'Anna van der Meer', address: '', email: '' }, 201));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith({
        id: 9,
        fullname: 'Anna van der Meer',
        address: '',
        email: '',
      }),
    );
    expect((screen.getByLabelText('Relatie') as HTMLInputElement).value).toBe('Anna van der Meer');
  });

  it('picks an existing relation from the results', async () => {
    const calls = controlledFetch();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    fireEvent.focus(screen.getByLabelText('Relatie'));
    type('Vries');
    await waitFor(() => expect(searches(calls)).toHaveLength(1));
    await act(async () =>
      searches(calls)[0]?.answer([{ id: 1, fullname: 'Jan de Vries', address: 'Kampen' }]),
    );
    fireEvent.click(await screen.findByText('Jan de Vries'));
    expect(onChange).toHaveBeenLastCalledWith({ id: 1, fullname: 'Jan de Vries', address: 'Kampen' });
  });
});
