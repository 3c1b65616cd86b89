import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestSession, renderWithProviders } from '../../../test/render';
import { ModuleList } from './module-list';

describe('ModuleList', () => {
  it('names the modules in Dutch, in alphabetical order, and marks a blacklisted one', () => {
    const session = createTestSession({
      modules: ['QUOTATION', 'CRM', 'INVOICE', 'AFTERCARE'],
      module_blacklist: ['INVOICE'],
    });
    renderWithProviders(<ModuleList session={session} />);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Facturen (uitgeschakeld voor jou)', 'Nazorg', 'Offertes', 'Relatiebeheer']);
    expect(screen.queryByText('QUOTATION')).toBeNull();
  });
});
