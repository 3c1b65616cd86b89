import { FILE_TEXTS, type FileInfo } from '@im/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { FileListCard } from './file-list-card';

const file: FileInfo = {
  id: 7,
  filename: 'IMG_2041.jpg',
  mime_type: 'image/jpeg',
  size: 2048,
  created_at: '2026-12-01T10:00:00+01:00',
  url: '/api/flowfile/7',
};

function renderCard(onRename?: (f: FileInfo, name: string) => Promise<unknown>) {
  return renderWithProviders(
    <FileListCard
      title="Dossierbestanden"
      files={[file]}
      uploading={false}
      onUpload={vi.fn()}
      onDelete={vi.fn()}
      onRename={onRename}
    />,
  );
}

describe('file list card: renaming a file', () => {
  it('renames in place and sends the trimmed new name', async () => {
    const onRename = vi.fn().mockResolvedValue({ ...file, filename: 'Meterkast.jpg' });
    renderCard(onRename);
    fireEvent.click(screen.getByRole('button', { name: 'Naam wijzigen IMG_2041.jpg' }));
    const input = screen.getByLabelText('Nieuwe bestandsnaam') as HTMLInputElement;
    expect(input.value).toBe('IMG_2041.jpg');
    fireEvent.change(input, { target: { value: '  Meterkast ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(onRename).toHaveBeenCalledWith(file, 'Meterkast'));
    await waitFor(() => expect(screen.queryByLabelText('Nieuwe bestandsnaam')).toBeNull());
  });

  it('says in Dutch what is wrong with an empty name or a path, and sends nothing', async () => {
    const onRename = vi.fn().mockResolvedValue(file);
    renderCard(onRename);
    fireEvent.click(screen.getByRole('button', { name: 'Naam wijzigen IMG_2041.jpg' }));
    const input = screen.getByLabelText('Nieuwe bestandsnaam');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(FILE_TEXTS.filenameRequired)).toBeTruthy();
    fireEvent.change(input, { target: { value: 'map/bestand' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(FILE_TEXTS.filenameInvalid)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Annuleren' }));
    expect(screen.getByText('IMG_2041.jpg')).toBeTruthy();
    expect(onRename).not.toHaveBeenCalled();
  });

  it('offers no rename where the owner gives none', () => {
    renderCard();
    expect(screen.queryByRole('button', { name: 'Naam wijzigen IMG_2041.jpg' })).toBeNull();
  });
});
