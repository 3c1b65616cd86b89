import { Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { CreateByNameModal } from './create-by-name.modal';
import { required } from './validators';

type Created = { id: number; name: string };

function renderModal(save: (body: { name: string; description: string }) => Promise<Created>) {
  const onCreated = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <CreateByNameModal
      opened
      onClose={onClose}
      title="Nieuw abonnementstype"
      nameLabel="Naam"
      initialValues={{ name: '', description: '' }}
      validate={(v) => ({ name: required(v.name) })}
      useCreate={() => useMutation({ mutationFn: save })}
      toRequest={(v) => ({ name: v.name.trim(), description: v.description.trim() })}
      createdMessage={(created) => `${created.name} is aangemaakt.`}
      onCreated={onCreated}
    >
      {({ inputProps }) => <Textarea label="Omschrijving" {...inputProps('description')} />}
    </CreateByNameModal>,
  );
  return { onCreated, onClose };
}

describe('create by name modal', () => {
  it('requires the name before calling the server', () => {
    const save = vi.fn();
    renderModal(save);
    fireEvent.click(screen.getByRole('button', { name: 'Aanmaken' }));
    expect(screen.getByText('Dit veld is verplicht.')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('sends the trimmed request, toasts the name and hands over what was created', async () => {
    const save = vi.fn(async (body: { name: string }) => ({ id: 5, name: body.name }));
    const { onCreated } = renderModal(save);
    expect(screen.getByRole('dialog', { name: 'Nieuw abonnementstype' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Naam/), { target: { value: '  Compleet ' } });
    fireEvent.change(screen.getByLabelText('Omschrijving'), { target: { value: 'Alles ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aanmaken' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith({ id: 5, name: 'Compleet' }));
    expect(save.mock.calls[0]?.[0]).toEqual({ name: 'Compleet', description: 'Alles' });
    expect(await screen.findByText('Compleet is aangemaakt.')).toBeTruthy();
  });

  it("shows a refusal above the form under 'Opslaan mislukt' and closes on 'Annuleren'", async () => {
    const { onCreated, onClose } = renderModal(async () => {
      throw new ApiError(409, 'Deze naam bestaat al.', {});
    });
    fireEvent.change(screen.getByLabelText(/^Naam/), { target: { value: 'Basis' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aanmaken' }));
    // Toasts of earlier tests are alerts too: take the one holding the message.
    const alert = (await screen.findByText('Deze naam bestaat al.')).closest('[role="alert"]');
    expect(alert?.textContent).toContain('Opslaan mislukt');
    expect(onCreated).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Annuleren' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
