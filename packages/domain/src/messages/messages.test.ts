import { describe, expect, it } from 'vitest';
import { conversationState, mayStaffSeeMessage, responsibleUserId, whatsappLink } from './index';

describe('whatsappLink', () => {
  it('strips leading zeros and makes a mobile number start with 316', () => {
    expect(whatsappLink('06-12345678')).toBe('https://wa.me/31612345678');
    expect(whatsappLink('0031 6 1234 5678')).toBe('https://wa.me/31612345678');
    expect(whatsappLink('+31 6 12345678')).toBe('https://wa.me/31612345678');
    expect(whatsappLink('020-1234567')).toBe('https://wa.me/201234567');
    expect(whatsappLink('6 1234 5678')).toBe('https://wa.me/31612345678');
  });
  it('answers null without digits', () => {
    expect(whatsappLink('')).toBeNull();
    expect(whatsappLink('000')).toBeNull();
    expect(whatsappLink('geen')).toBeNull();
  });
});

describe('conversationState', () => {
  it('unread wins over unanswered, otherwise read', () => {
    expect(conversationState({ unread: 1, unanswered: 3 })).toBe('unread');
    expect(conversationState({ unread: 0, unanswered: 3 })).toBe('unanswered');
    expect(conversationState({ unread: 0, unanswered: 0 })).toBe('read');
  });
});

describe('mayStaffSeeMessage', () => {
  const flow = { userId: 10, officeUserId: 20, projectUserId: 30 };
  it('managers see everything', () => {
    expect(mayStaffSeeMessage({ userId: 99, role: 1000 }, flow, { assignedTo: 'office', userId: null })).toBe(
      true,
    );
  });
  it('the responsible user of the assignee sees it, others do not', () => {
    const office = { assignedTo: 'office' as const, userId: null };
    expect(mayStaffSeeMessage({ userId: 20, role: 100 }, flow, office)).toBe(true);
    expect(mayStaffSeeMessage({ userId: 10, role: 100 }, flow, office)).toBe(false);
    const sales = { assignedTo: null, userId: null };
    expect(mayStaffSeeMessage({ userId: 10, role: 100 }, flow, sales)).toBe(true);
    expect(mayStaffSeeMessage({ userId: 30, role: 300 }, flow, sales)).toBe(false);
  });
  it('the author always sees their own message', () => {
    expect(mayStaffSeeMessage({ userId: 77, role: 100 }, flow, { assignedTo: null, userId: 77 })).toBe(true);
  });
  it('without an office or project user the handler answers; a flow without anyone is open', () => {
    const noOffice = { userId: 10, officeUserId: null, projectUserId: null };
    expect(responsibleUserId(noOffice, 'office')).toBe(10);
    expect(
      mayStaffSeeMessage({ userId: 10, role: 100 }, noOffice, { assignedTo: 'office', userId: null }),
    ).toBe(true);
    const nobody = { userId: null, officeUserId: null, projectUserId: null };
    expect(mayStaffSeeMessage({ userId: 5, role: 100 }, nobody, { assignedTo: null, userId: null })).toBe(
      true,
    );
  });
});
