import type {
  CustomerCompany,
  CustomerDocument,
  CustomerDossier,
  CustomerForm,
  CustomerInvoice,
  CustomerMessage,
  FlowDataItem,
  VerticalDataField,
} from '@im/domain';
import { render } from '@testing-library/react';
import { type MockCall, mockFetch } from '../test/fetch-mock';
import { CustomerApp } from './app';

// Test data of the customer pages and a fake of their calls; tests render the whole entry at a hash.

export const FLOW_HASH = 'FlOwHaSh0123456789abcdefABCDEF01';
export const DOC_HASH = 'DoCuMeNtHaSh0123456789abcdefABCD';

export function company(overrides: Partial<CustomerCompany> = {}): CustomerCompany {
  return {
    name: 'Zonnestroom Noord B.V.',
    appname: 'Zonnestroom Noord',
    appdescription: '',
    email: 'info@zonnestroom.example',
    phone: '050 123 4567',
    logo_url: null,
    background_url: null,
    brand_button_color: '#0f766e',
    is_default: false,
    ...overrides,
  };
}

export function dossier(overrides: Partial<CustomerDossier> = {}): CustomerDossier {
  const steps: CustomerDossier['timeline'] = [
    { stage: 'new', label: 'Aanvraag', date: '2026-02-02', state: 'done' },
    { stage: 'intake', label: 'Opname', date: '2026-02-10', state: 'done' },
    { stage: 'quotation', label: 'Offerte', date: '2026-02-14', state: 'current' },
    { stage: 'confirmation', label: 'Opdracht', date: null, state: 'todo' },
    { stage: 'project', label: 'Uitvoering', date: null, state: 'todo' },
    { stage: 'invoice', label: 'Factuur', date: null, state: 'todo' },
    { stage: 'aftercare', label: 'Service', date: null, state: 'todo' },
  ];
  return {
    hash: FLOW_HASH,
    number: 1042,
    title: 'Zonnepanelen – Dorpsstraat 12, Zwolle',
    flow_status: 'quotation',
    lead_date: '2026-02-02',
    relation: { fullname: 'Jan Jansen' },
    company: company(),
    timeline: steps,
    documents: [
      {
        kind: 'quotation',
        hash: DOC_HASH,
        number: 2026017,
        title: 'Zonnepanelen 12 stuks',
        status: 'sent',
        status_label: 'Verstuurd',
        date: '2026-02-14',
      },
      {
        kind: 'invoice',
        hash: 'InVoIcEhAsH0123456789abcdefABCD',
        number: 2026101,
        title: 'Aanbetaling',
        status: 'sent',
        status_label: 'Verstuurd',
        date: '2026-02-20',
      },
    ],
    redirect: null,
    forms: [
      { id: 31, vertical_id: 5, name: 'Dakgegevens', status: 'open' },
      { id: 32, vertical_id: 6, name: 'Meterkast', status: 'sent' },
    ],
    flowfiles: [
      {
        id: 7,
        filename: 'meterkast.jpg',
        mime_type: 'image/jpeg',
        size: 245_000,
        created_at: '2026-02-11T09:30:00Z',
        url: `/api/flowfile/7/showbycustomer?hash=${FLOW_HASH}`,
      },
    ],
    incidents: [
      {
        hash: 'InCiDeNtHaSh0123456789abcdefABCD',
        incident_type_id: 2,
        incident_type_name: 'Storing',
        content: 'De omvormer piept.',
        status: 'open',
        resolved_at: null,
        response: 'We komen dinsdag langs.',
        remarks: '',
        classification: '',
        user_fullname: 'Mark Visser',
        created_at: '2026-02-12T10:00:00Z',
      },
    ],
    incident_types: [
      { id: 2, description: 'Storing' },
      { id: 3, description: 'Schade' },
    ],
    agendaitems: [
      { start_date: '2026-03-03T08:00:00Z', end_date: '2026-03-03T10:00:00Z', description: 'Opname' },
    ],
    unread_messages: 2,
    ...overrides,
  };
}

export function customerDocument(overrides: Partial<CustomerDocument> = {}): CustomerDocument {
  return {
    kind: 'quotation',
    number: 2026017,
    title: 'Zonnepanelen 12 stuks',
    status: 'sent',
    status_label: 'Verstuurd',
    documentdate: '2026-02-14',
    enddate: '2026-03-14',
    version: 1,
    html: '<html><body><h1>Offerte 2026017</h1></body></html>',
    has_pdf: true,
    flow_hash: FLOW_HASH,
    company: company(),
    attachments: [
      { id: 4, filename: 'Productblad.pdf', url: `/api/attachment/4/getbycustomer?hash=${DOC_HASH}` },
    ],
    approval: {
      open: true,
      needs_signature: true,
      agreement_message:
        'U kunt de offerte pas ondertekenen als u akkoord geeft door digitaal uw handtekening te zetten.',
    },
    response: null,
    ...overrides,
  };
}

export function customerInvoice(overrides: Partial<CustomerInvoice> = {}): CustomerInvoice {
  return {
    number: 2026101,
    title: 'Warmtepomp Dorpsstraat',
    status: 'sent',
    company_name: 'Zonnestroom Noord B.V.',
    html: '<html><body><h1>Factuur 2026101</h1></body></html>',
    billed_inc: 3630,
    paid_inc: 0,
    owed_inc: 3630,
    due: { text: 'over 14 dagen', color: null, overdue_days: 0 },
    payment_url: 'https://betalen.example/checkout/tr_abc',
    has_pdf: true,
    company: company(),
    flow_hash: FLOW_HASH,
    attachments: [],
    ...overrides,
  };
}

export function messages(): CustomerMessage[] {
  return [
    {
      id: 1,
      content: 'Wanneer komt de monteur?',
      from: 'customer',
      author_name: 'Jan Jansen',
      created_at: '2026-02-15T09:00:00Z',
    },
    {
      id: 2,
      content: 'Dinsdag tussen 8 en 10 uur.',
      from: 'company',
      author_name: 'Mark Visser',
      created_at: '2026-02-15T10:00:00Z',
    },
  ];
}

function field(id: number, overrides: Partial<VerticalDataField>): VerticalDataField {
  return {
    id,
    vertical_id: 5,
    field_label: `Veld ${id}`,
    field_name: `veld_${id}`,
    description: '',
    field_type: 'text',
    options: [],
    calculationrules: [],
    showrules: [],
    order: id,
    selectable_in_products: true,
    allow_locations: false,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export function customerForm(item: Partial<FlowDataItem> = {}): CustomerForm {
  return {
    item: {
      id: 31,
      flow_id: 9,
      flow_data_id: 9,
      vertical_id: 5,
      vertical: { id: 5, name: 'Dakgegevens', type: 'intake', archived: false },
      item_type: 'form',
      intake_id: null,
      project_id: null,
      status: 'open',
      values: { dakhelling: '35', aantal: '10' },
      locations: [],
      pictures: [
        {
          id: 88,
          filename: 'dak.jpg',
          mime_type: 'image/jpeg',
          size: 1000,
          width: 800,
          height: 600,
          flow_id: 9,
          intake_id: null,
          project_id: null,
          vertical_id: 5,
          flow_data_item_id: 31,
          field_name: 'dakfoto',
          url: '/api/picture/88',
          thumbnail_url: '/api/picture/88/showthumbnail',
          lat: null,
          lng: null,
          created_at: '2026-02-11T09:30:00Z',
        },
      ],
      sent_at: null,
      created_at: '2026-02-10T09:00:00Z',
      updated_at: '2026-02-10T09:00:00Z',
      ...item,
    },
    fields: [
      field(1, { field_label: 'Dakhelling (graden)', field_name: 'dakhelling', field_type: 'number' }),
      field(2, { field_label: 'Aantal panelen', field_name: 'aantal', field_type: 'number' }),
      field(3, {
        field_label: 'Vermogen (Wp)',
        field_name: 'vermogen',
        field_type: 'calculated',
        calculationrules: [{ formula: 'aantal * 400', showrules: [] }],
      }),
      field(4, {
        field_label: 'Dakbedekking',
        field_name: 'dakbedekking',
        field_type: 'selectbox',
        options: ['Pannen', 'Riet'],
      }),
      field(5, { field_label: 'Foto van het dak', field_name: 'dakfoto', field_type: 'photo' }),
    ],
  };
}

type Answer = { status?: number; body?: unknown };
export type Routes = Record<string, (call: MockCall) => Answer | undefined>;

/** A fake of the customer calls: `'GET /api/flow/x/getbycustomer'` (path without query) → answer. */
export function mockCustomerApi(routes: Routes) {
  return mockFetch((call) => {
    const path = call.url.split('?')[0] ?? call.url;
    return routes[`${call.method} ${path}`]?.(call);
  });
}

/** The customer entry at `#{path}`. */
export function renderCustomer(path: string) {
  window.location.hash = path;
  return render(<CustomerApp />);
}
