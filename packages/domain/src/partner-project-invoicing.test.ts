import { describe, expect, it } from 'vitest';
import {
  combineGrouping,
  combineHeader,
  flowInvoiceRefusal,
  projectProgress,
  PARTNER_PROJECT_INVOICE_TEXTS as T,
} from './partner-project-invoicing';

const counts = {
  flows: 40,
  finishedFlows: 10,
  tasks: 80,
  finishedTasks: 60,
  invoiceable: '12500.50',
  total: '50000',
};

describe('projectProgress', () => {
  it('counts finished flows and tasks, as amounts and percentages', () => {
    expect(projectProgress('amount_finished_flows', 10, counts)).toMatchObject({
      current: 10,
      reached: true,
    });
    expect(projectProgress('amount_finished_flows', 11, counts)?.reached).toBe(false);
    expect(projectProgress('percentage_finished_flows', 25, counts)).toMatchObject({
      current: 25,
      reached: true,
    });
    expect(projectProgress('percentage_finished_tasks', 80, counts)).toMatchObject({
      current: 75,
      reached: false,
    });
    expect(projectProgress('amount_finished_tasks', 60, counts)?.text).toBe(
      '60 van 80 taken afgerond (drempel 60)',
    );
  });
  it('measures the invoiceable amount in euros and against the project total', () => {
    expect(projectProgress('amount_invoice_reached', 12500, counts)).toMatchObject({
      current: 12500.5,
      reached: true,
    });
    expect(projectProgress('percentage_invoice_reached', 25, counts)).toMatchObject({
      current: 25,
      reached: true,
    });
    expect(projectProgress('percentage_invoice_reached', 30, { ...counts, total: '0' })?.current).toBe(0);
  });
  it('answers null without a method', () => {
    expect(projectProgress(null, 5, counts)).toBeNull();
  });
});

describe('flowInvoiceRefusal', () => {
  const f = {
    flowStatus: 'project',
    tasks: 2,
    finishedTasks: 1,
    projectForms: 1,
    finishedProjectForms: 1,
    alreadyInvoiced: false,
  };
  it('takes every flow without a method or with a partial method', () => {
    expect(flowInvoiceRefusal(null, f)).toBeNull();
    expect(flowInvoiceRefusal('partial_percentage', { ...f, alreadyInvoiced: true })).toBeNull();
  });
  it('takes finished flows, flows with all tasks done, flows with all project forms done, once', () => {
    expect(flowInvoiceRefusal('finished_flows', f)).toBe(T.notFinished);
    expect(flowInvoiceRefusal('finished_flows', { ...f, flowStatus: 'invoice' })).toBeNull();
    expect(flowInvoiceRefusal('finished_flows', { ...f, flowStatus: 'invoice', alreadyInvoiced: true })).toBe(
      T.alreadyInvoiced,
    );
    expect(flowInvoiceRefusal('finished_tasks', f)).toBe(T.tasksOpen);
    expect(flowInvoiceRefusal('finished_tasks', { ...f, tasks: 0, finishedTasks: 0 })).toBe(T.noTasks);
    expect(flowInvoiceRefusal('finished_tasks', { ...f, finishedTasks: 2 })).toBeNull();
    expect(flowInvoiceRefusal('finished_verticals', f)).toBeNull();
    expect(flowInvoiceRefusal('finished_verticals', { ...f, projectForms: 0, finishedProjectForms: 0 })).toBe(
      T.noForms,
    );
  });
});

describe('combine grouping', () => {
  const flow = { number: 12, description: 'Dakisolatie', type: 'rijwoning' };
  it('heads lines per flow by default, per type, per form, both, or not at all', () => {
    expect(combineHeader(combineGrouping(null), flow, null)).toBe('Dossier 12 – Dakisolatie');
    expect(combineHeader(combineGrouping('per_item_no_group'), flow, null)).toBeNull();
    expect(combineHeader(combineGrouping('per_flowtype_no_group'), flow, null)).toBe('Type rijwoning');
    expect(combineHeader(combineGrouping('per_vertical_no_group'), flow, 'Opname')).toBe('Opname');
    expect(combineHeader(combineGrouping('per_flowtype_and_vertical'), { ...flow, type: '' }, null)).toBe(
      'Zonder type · Overige regels',
    );
  });
});
