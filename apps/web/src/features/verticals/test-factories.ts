import type { Vertical, VerticalDataField, VerticalDetail } from '@im/domain';

// Test data in the shapes of packages/domain/src/contract/forms.ts; override what a test is about.

export function createTestVertical(overrides: Partial<Vertical> = {}): Vertical {
  return {
    id: 3,
    name: 'Opname warmtepomp',
    type: 'intake',
    description: 'Gegevens voor een warmtepompofferte',
    is_recurring: false,
    archived: false,
    fields_count: 3,
    created_at: '2026-03-02T09:15:00.000Z',
    updated_at: '2026-03-02T09:15:00.000Z',
    ...overrides,
  };
}

export function createTestField(overrides: Partial<VerticalDataField> = {}): VerticalDataField {
  return {
    id: 31,
    vertical_id: 3,
    field_label: 'Lengte',
    field_name: 'lengte',
    description: 'Lengte',
    field_type: 'number',
    options: [],
    calculationrules: [],
    showrules: [],
    order: 1,
    selectable_in_products: true,
    allow_locations: false,
    created_at: '2026-03-02T09:15:00.000Z',
    updated_at: '2026-03-02T09:15:00.000Z',
    ...overrides,
  };
}

/** A form with three fields: lengte, breedte and a calculated oppervlakte. */
export function createTestVerticalDetail(overrides: Partial<VerticalDetail> = {}): VerticalDetail {
  const fields = overrides.verticaldatafields ?? [
    createTestField(),
    createTestField({
      id: 32,
      field_label: 'Breedte',
      field_name: 'breedte',
      description: 'Breedte',
      order: 2,
    }),
    createTestField({
      id: 33,
      field_label: 'Oppervlakte',
      field_name: 'oppervlakte',
      description: 'Oppervlakte',
      field_type: 'calculated',
      calculationrules: [{ formula: 'lengte * breedte', showrules: [] }],
      showrules: [{ field_name: 'lengte', operator: 'isfilledin', field_value: '', pretty_description: '' }],
      selectable_in_products: false,
      order: 3,
    }),
  ];
  return { ...createTestVertical({ fields_count: fields.length }), ...overrides, verticaldatafields: fields };
}
