import type { FlowImportPreview } from '@im/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';

const ADMIN = createTestSession({ modules: ['BASIS', 'CRM', 'SETTINGS'], userrole: 1000 });

const preview: FlowImportPreview = {
  file: '0b9c6d8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e.csv',
  filename: 'woningen.csv',
  columns: ['Naam', 'Postcode'],
  mapping: { fullname: 'Naam', postcode: 'Postcode' },
  total: 1,
  counts: { new: 1, existing: 0, duplicate: 0, refused: 0 },
  importable: 1,
  rows: [
    {
      row: 2,
      status: 'new',
      choice: 'create',
      fullname: 'Anna de Vries',
      address: '1234 AB Zwolle',
      email: '',
      errors: {},
      match: null,
      duplicate_of: null,
    },
  ],
};

describe('the bulk import screen', () => {
  it('attaches one external file to the import and sends it with the import data', {
    timeout: 20_000,
  }, async () => {
    setToken('t');
    const imports: Record<string, unknown>[] = [];
    mockServer({
      session: ADMIN,
      routes: {
        'POST /api/flow/loadimportfile': () => ({ body: preview }),
        'POST /api/flow/loadexternalfile': () => ({
          body: { externalFilename: 'bewonersbrief.pdf', externalFilepath: 'flowimports/1/external/x.pdf' },
        }),
        'POST /api/flow/bulkimport': (call) => {
          imports.push(call.body as Record<string, unknown>);
          return { body: { batchId: 'b9', importId: 4 } };
        },
        'GET /api/batch/b9': () => ({
          body: { id: 'b9', progress: 100, cancelledAt: null, finishedAt: '2026-12-06T12:00:00+01:00' },
        }),
        'GET /api/flowimport': () => ({ body: { data: [], pagination: { total: 0, offset: 0, limit: 10 } } }),
        'GET /api/partner/names': () => ({ body: [] }),
      },
    });
    const { container } = renderApp('/flow_bulkimport');
    await screen.findByRole('heading', { name: 'Dossiers importeren' }, { timeout: 15_000 });
    const spreadsheet = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(spreadsheet, { target: { files: [new File(['Naam;Postcode'], 'woningen.csv')] } });
    await screen.findByText('Bijlage voor alle dossiers');
    const inputs = container.querySelectorAll('input[type=file]');
    const attachment = [...inputs].find((i) =>
      (i as HTMLInputElement).accept.includes('pdf'),
    ) as HTMLInputElement;
    fireEvent.change(attachment, {
      target: { files: [new File(['%PDF-1.4'], 'bewonersbrief.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText('bewonersbrief.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Importeren (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dossiers importeren' });
    fireEvent.click(
      [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Importeren (1)') as HTMLElement,
    );
    await waitFor(() => expect(imports).toHaveLength(1));
    expect(imports[0]).toMatchObject({
      file: preview.file,
      externalFilename: 'bewonersbrief.pdf',
      externalFilepath: 'flowimports/1/external/x.pdf',
    });
  });
});
