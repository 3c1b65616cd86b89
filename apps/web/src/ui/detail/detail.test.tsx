import { useMutation } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { DetailActions } from './detail-actions';
import { DetailField, EMPTY_VALUE } from './detail-field';
import { type DetailQuery, DetailScreen } from './detail-screen';
import { useConfirmedDelete } from './use-confirmed-delete';

type Thing = { id: number; name: string };

function renderAt(element: ReactElement) {
  const router = createMemoryRouter(
    [
      { path: '/thing/1', element },
      { path: '/things', element: <p>Het overzicht</p> },
    ],
    { initialEntries: ['/thing/1'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const settled = { isPending: false, fetchStatus: 'idle' as const };

function renderDetail(query: DetailQuery<Thing>) {
  return renderAt(
    <DetailScreen
      query={query}
      back={{ to: '/things', label: 'Terug naar het overzicht' }}
      loadFailedTitle="Het ding kon niet worden geladen"
      notFoundMessage="Dit ding bestaat niet (meer)."
    >
      {(data) => <h1>{data.name}</h1>}
    </DetailScreen>,
  );
}

describe('detail screen', () => {
  it('shows a loader while loading', () => {
    renderDetail({ data: undefined, error: null, isError: false, isPending: true, fetchStatus: 'fetching' });
    expect(screen.getByLabelText('Laden…')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows the data under the back link', () => {
    renderDetail({ data: { id: 1, name: 'Warmtepomp' }, error: null, isError: false, ...settled });
    expect(screen.getByRole('heading', { name: 'Warmtepomp' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Terug naar het overzicht' }).getAttribute('href')).toBe(
      '/things',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('breaks off with the not-found text on a 404', () => {
    renderDetail({ data: undefined, error: new ApiError(404, 'Not found'), isError: true, ...settled });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Het ding kon niet worden geladen')).toBeTruthy();
    expect(within(alert).getByText('Dit ding bestaat niet (meer).')).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Terug naar het overzicht' })).toBeTruthy();
  });

  it("breaks off with the server's message on another failure", () => {
    renderDetail({ data: undefined, error: new ApiError(500, 'Databasefout'), isError: true, ...settled });
    expect(within(screen.getByRole('alert')).getByText('Databasefout')).toBeTruthy();
    expect(screen.queryByText('Dit ding bestaat niet (meer).')).toBeNull();
  });

  it('keeps the screen when reading it again fails, and says what shows is the last loaded state', () => {
    const data = { id: 1, name: 'Warmtepomp' };
    renderDetail({ data, error: new ApiError(503, 'Even niet bereikbaar'), isError: true, ...settled });
    expect(screen.getByRole('heading', { name: 'Warmtepomp' })).toBeTruthy();
    const notice = screen.getByRole('status');
    expect(within(notice).getByText('Niet bijgewerkt: je ziet wat het laatst is geladen.')).toBeTruthy();
    expect(within(notice).getByText('Even niet bereikbaar')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('breaks off when reading it again answers 404: it is gone', () => {
    const data = { id: 1, name: 'Warmtepomp' };
    renderDetail({ data, error: new ApiError(404, 'Not found'), isError: true, ...settled });
    expect(within(screen.getByRole('alert')).getByText('Dit ding bestaat niet (meer).')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Warmtepomp' })).toBeNull();
  });
});

function DeletableThing({
  remove,
  onEdit,
}: {
  remove: (id: number) => Promise<unknown>;
  onEdit?: () => void;
}) {
  const mutation = useMutation({ mutationFn: remove });
  const confirmDelete = useConfirmedDelete(mutation, '/things');
  return (
    <DetailActions
      onEdit={onEdit}
      isDeleting={mutation.isPending}
      onDelete={() =>
        void confirmDelete(1, {
          title: 'Ding verwijderen',
          message: 'Dit item verwijderen?',
          deleted: 'Verwijderd.',
        })
      }
    />
  );
}

const clickDelete = () => fireEvent.click(screen.getByRole('button', { name: 'Verwijderen' }));
const confirmDialog = () => screen.findByRole('dialog', { name: 'Ding verwijderen' });

describe('detail actions with a confirmed delete', () => {
  it("offers 'Bewerken' only with an edit handler", () => {
    const onEdit = vi.fn();
    renderAt(<DeletableThing remove={vi.fn()} onEdit={onEdit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Bewerken' }));
    expect(onEdit).toHaveBeenCalledOnce();
  });

  it('asks first and does nothing when cancelled', async () => {
    const remove = vi.fn(async (_id: number) => ({}));
    const router = renderAt(<DeletableThing remove={remove} />);
    expect(screen.queryByRole('button', { name: 'Bewerken' })).toBeNull();
    clickDelete();
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(remove).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/thing/1');
  });

  it('deletes after confirmation, toasts and goes to the overview', async () => {
    const remove = vi.fn(async (_id: number) => ({}));
    const router = renderAt(<DeletableThing remove={remove} />);
    clickDelete();
    const dialog = await confirmDialog();
    expect(within(dialog).getByText('Dit item verwijderen?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/things'));
    expect(remove.mock.calls[0]?.[0]).toBe(1);
    expect(await screen.findByText('Verwijderd.')).toBeTruthy();
  });

  it("shows a 409 refusal as an alert with the server's reason and stays", async () => {
    const router = renderAt(
      <DeletableThing
        remove={async () => {
          throw new ApiError(409, 'Er zijn verstuurde facturen.');
        }}
      />,
    );
    clickDelete();
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Verwijderen' }));
    expect((await screen.findByText('Er zijn verstuurde facturen.')).getAttribute('role')).toBe('alert');
    expect(router.state.location.pathname).toBe('/thing/1');
  });
});

describe('DetailField', () => {
  it('shows a dash for no value, but 0 is a value', () => {
    renderWithProviders(
      <>
        <DetailField label="Leeg">{null}</DetailField>
        <DetailField label="Tekst">{''}</DetailField>
        <DetailField label="Nul">{0}</DetailField>
      </>,
    );
    expect(screen.getAllByText(EMPTY_VALUE)).toHaveLength(2);
    expect(screen.getByText('0')).toBeTruthy();
  });

  it('wraps a long value inside its card and keeps typed line breaks only when multiline', () => {
    renderWithProviders(
      <>
        <DetailField label="E-mail" layout="inline">
          marloes.terhorst@hotmail.com
        </DetailField>
        <DetailField label="Omschrijving" multiline>
          {'regel een\nregel twee'}
        </DetailField>
      </>,
    );
    const email = screen.getByText('marloes.terhorst@hotmail.com');
    expect(email.style.overflowWrap).toBe('anywhere');
    expect(email.style.whiteSpace).toBe('');
    expect(screen.getByText(/regel een/).style.whiteSpace).toBe('pre-wrap');
    // Inline: the label sits beside the value, in a column that does not shrink.
    expect(screen.getByText('E-mail').parentElement).toBe(email.parentElement);
  });
});
