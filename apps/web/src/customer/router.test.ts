import { describe, expect, it } from 'vitest';
import { customerPath, parseCustomerHash } from './router';

describe('customer hash router', () => {
  it('knows the six routes of spec 002 section 2, each with its hash', () => {
    expect(parseCustomerHash('#/customer_flow_detail/abc')).toEqual({
      route: 'flow',
      hash: 'abc',
      options: {},
      preview: false,
    });
    expect(parseCustomerHash('#/customer_communicator/abc')?.route).toBe('communicator');
    expect(parseCustomerHash('#/customer_quotation_detail/q1')?.route).toBe('quotation');
    expect(parseCustomerHash('#/customer_confirmation_detail/c1')?.route).toBe('confirmation');
    expect(parseCustomerHash('#/customer_invoice_detail/i1')?.route).toBe('invoice');
    expect(parseCustomerHash('#/customer_document_detail/d1')?.route).toBe('document');
  });

  it('reads the options of each route from the query after the hash path: 1 or true', () => {
    expect(parseCustomerHash('#/customer_flow_detail/abc?questions=1&withOpenForm=true')?.options).toEqual({
      questions: true,
      withOpenForm: true,
    });
    expect(parseCustomerHash('#/customer_quotation_detail/q?questions=TRUE')?.options).toEqual({
      questions: true,
    });
    expect(parseCustomerHash('#/customer_invoice_detail/i?paymentCompleted=1')?.options).toEqual({
      paymentCompleted: true,
    });
    expect(parseCustomerHash('#/customer_flow_detail/abc?questions=0')?.options).toEqual({});
    // The older list form, and options that are not the route's own are ignored.
    expect(parseCustomerHash('#/customer_flow_detail/abc?options=questions,withOpenForm')?.options).toEqual({
      questions: true,
      withOpenForm: true,
    });
    expect(parseCustomerHash('#/customer_document_detail/d?questions=1')?.options).toEqual({});
    expect(parseCustomerHash('#/customer_flow_detail/abc?paymentCompleted=1')?.options).toEqual({});
  });

  it('answers null for anything else', () => {
    for (const hash of [
      '',
      '#',
      '#/',
      '#/dashboard',
      '#/customer_flow_detail',
      '#/customer_flow_detail/',
      '#/customer_flow_detail/a/b',
      '#/customer_unknown_detail/x',
    ])
      expect(parseCustomerHash(hash)).toBeNull();
  });

  it("marks staff's view as customer (preview=1) on every route", () => {
    expect(parseCustomerHash('#/customer_flow_detail/abc?preview=1')?.preview).toBe(true);
    expect(parseCustomerHash('#/customer_document_detail/d?preview=true')?.preview).toBe(true);
    expect(parseCustomerHash('#/customer_document_detail/d')?.preview).toBe(false);
  });

  it('decodes the hash and builds paths back', () => {
    expect(parseCustomerHash('#/customer_flow_detail/a%2Db')?.hash).toBe('a-b');
    expect(customerPath('quotation', 'q1', { questions: true })).toBe(
      '/customer_quotation_detail/q1?questions=1',
    );
    expect(customerPath('flow', 'f1')).toBe('/customer_flow_detail/f1');
    expect(customerPath('flow', 'f1', { questions: false })).toBe('/customer_flow_detail/f1');
  });
});
