import type { MediaFile } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';

const file = (over: Partial<MediaFile>): MediaFile => ({
  id: 1,
  filename: 'dak.jpg',
  mime_type: 'image/jpeg',
  size: 250_000,
  width: 1200,
  height: 800,
  is_image: true,
  public_url: '/api/mediafile/public/abcdefghijklmnopqrstuvwxyz012345',
  created_at: '2026-12-01T10:00:00+01:00',
  ...over,
});

const page = (data: MediaFile[], total = data.length) => ({
  body: { data, pagination: { total, offset: 0, limit: 24 } },
});

describe('media library screen', () => {
  it('lists pictures and PDFs, searches on the server, renames with the old extension kept, deletes after asking', async () => {
    setToken('t');
    let files = [
      file({}),
      file({
        id: 2,
        filename: 'voorwaarden.pdf',
        mime_type: 'application/pdf',
        is_image: false,
        public_url: null,
        width: null,
        height: null,
      }),
    ];
    const { calls } = mockServer({
      session: createTestSession({ modules: ['BASIS', 'CRM', 'SETTINGS'] }),
      routes: {
        'GET /api/mediafile': (call) => {
          const q = new URL(call.url, 'http://x').searchParams.get('query');
          return page(q ? files.filter((f) => f.filename.includes(q)) : files);
        },
        'GET /api/mediafile/1/showthumbnail': () => ({
          body: '',
          headers: { 'x-imagestatus': 'unavailable' },
        }),
        'PATCH /api/mediafile/1': (call) => {
          files = files.map((f) =>
            f.id === 1 ? { ...f, filename: `${(call.body as { filename: string }).filename}.jpg` } : f,
          );
          return { body: files[0] };
        },
        'DELETE /api/mediafile/2': () => {
          files = files.filter((f) => f.id !== 2);
          return { body: { message: 'Mediabestand verwijderd.' } };
        },
      },
    });
    renderApp('/account/company_medialibrary');
    expect(await screen.findByRole('heading', { name: 'Mediabibliotheek' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Mediabibliotheek' });
    await within(list).findByText('voorwaarden.pdf');
    expect(within(list).getByText('1200 × 800 · 244 kB · 01-12-2026')).toBeTruthy();
    expect(screen.getByText('2 bestanden')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Zoeken op bestandsnaam'), { target: { value: 'dak' } });
    await waitFor(() => expect(calls.some((c) => c.url.includes('query=dak'))).toBe(true));
    await waitFor(() => expect(screen.queryByText('voorwaarden.pdf')).toBeNull());
    fireEvent.change(screen.getByLabelText('Zoeken op bestandsnaam'), { target: { value: '' } });
    await screen.findByText('voorwaarden.pdf');

    fireEvent.click(screen.getByRole('button', { name: 'Naam wijzigen dak.jpg' }));
    const input = screen.getByLabelText('Nieuwe bestandsnaam');
    fireEvent.change(input, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Vul een bestandsnaam in.', { exact: false })).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.change(input, { target: { value: 'Dak voorkant' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await screen.findByText('Dak voorkant.jpg');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ filename: 'Dak voorkant' });

    fireEvent.click(screen.getByRole('button', { name: 'Verwijderen voorwaarden.pdf' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(screen.queryByText('voorwaarden.pdf')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/mediafile/2')).toBe(true);
  });

  it('uploads each chosen file and names the refused one with the server text', async () => {
    setToken('t');
    const uploaded: string[] = [];
    mockServer({
      session: createTestSession({ modules: ['BASIS', 'CRM', 'SETTINGS'] }),
      routes: {
        'GET /api/mediafile': () => page([]),
        'POST /api/mediafile': (call) => {
          const f = (call.body as FormData).get('file') as File;
          uploaded.push(f.name);
          if (f.name.endsWith('.svg'))
            return {
              status: 415,
              body: { message: 'Let op! Alleen image and PDF bestanden kunnen worden geupload.' },
            };
          return { status: 201, body: file({ id: 9, filename: f.name }) };
        },
      },
    });
    const { container } = renderApp('/account/company_medialibrary');
    expect(await screen.findByText(/Nog geen bestanden/)).toBeTruthy();
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: {
        files: [new File(['x'], 'dak.jpg', { type: 'image/jpeg' }), new File(['<svg/>'], 'logo.svg')],
      },
    });
    expect(await screen.findByText('dak.jpg is geupload.')).toBeTruthy();
    expect(
      await screen.findByText('logo.svg: Let op! Alleen image and PDF bestanden kunnen worden geupload.'),
    ).toBeTruthy();
    expect(uploaded).toEqual(['dak.jpg', 'logo.svg']);
  });
});
