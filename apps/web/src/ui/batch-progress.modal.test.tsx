import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock';
import { renderWithProviders } from '../test/render';
import { BatchProgressDialog, batchView } from './batch-progress.modal';

const batch = (progress: number, cancelledAt: string | null = null, finishedAt: string | null = null) => ({
  id: 'b1',
  progress,
  cancelledAt,
  finishedAt,
});

describe('batch progress', () => {
  it('maps the batch answer onto running, done and failed', () => {
    expect(batchView(undefined)).toEqual({ value: 0, state: 'running' });
    expect(batchView(batch(40))).toEqual({ value: 40, state: 'running' });
    expect(batchView(batch(100))).toEqual({ value: 100, state: 'done' });
    expect(batchView(batch(30, '2026-01-01T10:00:00Z'))).toEqual({ value: 100, state: 'failed' });
  });

  it('polls GET /api/batch/{id} until the job is done', async () => {
    const answers = [batch(10), batch(60), batch(100, null, '2026-01-01T10:00:00Z')];
    const { calls } = mockFetch(() => ({ body: answers.shift() ?? batch(100) }));
    const onFinished = vi.fn();
    renderWithProviders(
      <BatchProgressDialog batchId="b1" title="Verwijderen" onFinished={onFinished} onClose={vi.fn()} />,
    );

    expect(await screen.findByText('Bezig… 10%')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Klaar.')).toBeTruthy(), { timeout: 4000 });
    expect(onFinished).toHaveBeenCalledWith('done');
    expect(calls.every((c) => c.url === '/api/batch/b1')).toBe(true);
    expect(calls).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Sluiten' })).toBeTruthy();
  });

  it('shows a cancelled job as failed at 100% and stops polling', async () => {
    const { calls } = mockFetch(() => ({ body: batch(45, '2026-01-01T10:00:00Z') }));
    const onFinished = vi.fn();
    renderWithProviders(
      <BatchProgressDialog batchId="b2" title="Import" onFinished={onFinished} onClose={vi.fn()} />,
    );
    expect(await screen.findByText('De taak is mislukt.')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(onFinished).toHaveBeenCalledWith('failed');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(calls).toHaveLength(1);
  });
});
