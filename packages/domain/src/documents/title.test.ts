import { describe, expect, it } from 'vitest';
import { customerDossierTitle, newDocumentTitle, titleFromSource } from '.';

describe('newDocumentTitle', () => {
  const where = { street: 'Oosterstraat 14', city: 'Groningen' };

  it('names the request profile and the address of the work', () => {
    expect(newDocumentTitle({ kindLabel: 'Offerte', profileName: 'Zonnepanelen', ...where })).toBe(
      'Zonnepanelen – Oosterstraat 14, Groningen',
    );
  });

  it("falls back to the kind when the profile is missing or the company's unnamed 'Standaard'", () => {
    expect(newDocumentTitle({ kindLabel: 'Offerte', profileName: 'Standaard', ...where })).toBe(
      'Offerte – Oosterstraat 14, Groningen',
    );
    expect(newDocumentTitle({ kindLabel: 'Factuur', profileName: null, street: '', city: '' })).toBe(
      'Factuur',
    );
    expect(
      newDocumentTitle({ kindLabel: 'Offerte', profileName: 'Warmtepomp', street: '', city: 'Zwolle' }),
    ).toBe('Warmtepomp – Zwolle');
  });

  it('stays within the title column', () => {
    expect(newDocumentTitle({ kindLabel: 'Offerte', profileName: 'x'.repeat(250), ...where })).toHaveLength(
      200,
    );
  });
});

describe('titleFromSource', () => {
  it("an invoice made from a confirmation titled by its kind names the invoice: 'Factuur – …'", () => {
    expect(
      titleFromSource('Opdrachtbevestiging – Oosterstraat 14, Groningen', 'Opdrachtbevestiging', 'Factuur'),
    ).toBe('Factuur – Oosterstraat 14, Groningen');
    expect(titleFromSource('Opdrachtbevestiging', 'Opdrachtbevestiging', 'Factuur')).toBe('Factuur');
    expect(titleFromSource('Offerte - Brink 3, Assen', 'Offerte', 'Opdrachtbevestiging')).toBe(
      'Opdrachtbevestiging - Brink 3, Assen',
    );
    expect(titleFromSource('', 'Offerte', 'Factuur')).toBe('Factuur');
  });

  it("keeps a profile's name and a title the user wrote", () => {
    expect(
      titleFromSource('Zonnepanelen – Oosterstraat 14, Groningen', 'Opdrachtbevestiging', 'Factuur'),
    ).toBe('Zonnepanelen – Oosterstraat 14, Groningen');
    expect(titleFromSource('Opdrachtbevestigingen archief', 'Opdrachtbevestiging', 'Factuur')).toBe(
      'Opdrachtbevestigingen archief',
    );
    expect(titleFromSource('Offerteaanvraag dak', 'Offerte', 'Factuur')).toBe('Offerteaanvraag dak');
  });
});

describe('customerDossierTitle', () => {
  it('names the request profile and the address of the work, never a kind', () => {
    expect(
      customerDossierTitle({ profileName: 'Zonnepanelen', street: 'Oosterstraat 14', city: 'Groningen' }),
    ).toBe('Zonnepanelen – Oosterstraat 14, Groningen');
    expect(
      customerDossierTitle({ profileName: 'Standaard', street: 'Oosterstraat 14', city: 'Groningen' }),
    ).toBe('Oosterstraat 14, Groningen');
    expect(customerDossierTitle({ profileName: 'Warmtepomp', street: '', city: '' })).toBe('Warmtepomp');
    expect(customerDossierTitle({ profileName: null, street: '', city: '' })).toBe('');
  });
});
