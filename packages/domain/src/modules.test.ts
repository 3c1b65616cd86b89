import { describe, expect, it } from 'vitest';
import { MODULE_LABELS, MODULE_TAGS, moduleFlagKey, moduleLabel } from './modules';
import { roleLabel } from './roles';

describe('modules and roles', () => {
  it('has the 14 modules of spec 000 section 6', () => {
    expect(MODULE_TAGS).toHaveLength(14);
    expect(moduleFlagKey('PARTNERMANAGEMENT')).toBe('hasModulePartnermanagement');
  });
  it('labels roles, falling back to Standaard', () => {
    expect(roleLabel(5000)).toBe('Systeembeheerder');
    expect(roleLabel(100)).toBe('Uitvoerend');
    expect(roleLabel(42)).toBe('Standaard');
  });
});

describe('module names', () => {
  it('has a Dutch name for every module and leaves an unknown tag as it is', () => {
    for (const tag of MODULE_TAGS) expect(MODULE_LABELS[tag]).toMatch(/^[A-Z][a-z]+$/);
    expect(moduleLabel('QUOTATION')).toBe('Offertes');
    expect(moduleLabel('AFTERCARE')).toBe('Nazorg');
    expect(moduleLabel('SOMETHING')).toBe('SOMETHING');
  });
});
