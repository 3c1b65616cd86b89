import { describe, expect, it } from 'vitest';
import type { AuthContext } from './auth-context';
import { SessionCache } from './session-cache';

function auth(userId: number, companyId: number): AuthContext {
  return {
    sessionId: userId * 10,
    userId,
    companyId,
    role: 100,
    userType: 'standard',
    modules: new Set(),
    companyModules: new Set(),
    impersonatorUserId: null,
  };
}

const event = (entity_type: string, entity_id: number | null, company_id: number) =>
  JSON.stringify({ id: '1', kind: `${entity_type}.update`, entity_type, entity_id, company_id });

function cache(options: { ttlMs?: number; live?: () => boolean } = {}) {
  let now = 1000;
  const c = new SessionCache(options.ttlMs ?? 5000, options.live ?? (() => true), () => now);
  c.set('a1', auth(1, 10), c.current);
  c.set('a1b', auth(1, 10), c.current);
  c.set('a2', auth(2, 10), c.current);
  c.set('b3', auth(3, 20), c.current);
  return { c, later: (ms: number) => (now += ms) };
}

describe('session cache', () => {
  it('answers a session for its time to live, then asks again', () => {
    const { c, later } = cache();
    expect(c.get('a1')?.userId).toBe(1);
    later(4999);
    expect(c.get('a1')?.userId).toBe(1);
    later(1);
    expect(c.get('a1')).toBeUndefined();
    expect(c.get('onbekend')).toBeUndefined();
  });

  it('forgets every session of a user whose sessions ended, and nobody else’s', () => {
    const { c } = cache();
    c.onNotification({ channel: 'im_session_end', payload: '1' });
    expect(c.get('a1')).toBeUndefined();
    expect(c.get('a1b')).toBeUndefined();
    expect(c.get('a2')?.userId).toBe(2);
  });

  it('forgets a changed user, a changed company’s users, and everyone on a subscription type change', () => {
    const { c } = cache();
    c.onNotification({ channel: 'im_domain_event', payload: event('flow', 1, 10) });
    expect(c.size).toBe(4);
    c.onNotification({ channel: 'im_domain_event', payload: event('user', 2, 10) });
    expect(c.get('a2')).toBeUndefined();
    expect(c.get('a1')?.userId).toBe(1);
    c.onNotification({ channel: 'im_domain_event', payload: event('subscription', null, 10) });
    expect(c.get('a1')).toBeUndefined();
    expect(c.get('b3')?.userId).toBe(3);
    // A platform admin's change of company 20, logged in the admin's own company 1.
    c.onNotification({ channel: 'im_domain_event', payload: event('company', 20, 1) });
    expect(c.get('b3')).toBeUndefined();
    c.set('b3', auth(3, 20), c.current);
    c.subscriber().onEvent({ entity_type: 'subscriptiontype', entity_id: 4, company_id: 1 } as never);
    expect(c.size).toBe(0);
  });

  it('keeps nothing while this process does not hear other processes, and forgets all after a gap', () => {
    let live = true;
    const { c } = cache({ live: () => live });
    live = false;
    expect(c.get('a1')).toBeUndefined();
    c.set('x', auth(5, 10), c.current);
    expect(c.get('x')).toBeUndefined();
    live = true;
    expect(c.get('a2')?.userId).toBe(2);
    c.subscriber().onGap?.();
    expect(c.size).toBe(0);
  });

  it('does not keep the answer of a lookup that started before something was forgotten', () => {
    const { c } = cache();
    const before = c.current;
    c.onNotification({ channel: 'im_session_end', payload: '7' });
    c.set('late', auth(7, 10), before);
    expect(c.get('late')).toBeUndefined();
    c.set('late', auth(7, 10), c.current);
    expect(c.get('late')?.userId).toBe(7);
  });

  it('keeps nothing with a time to live of 0', () => {
    const { c } = cache({ ttlMs: 0 });
    expect(c.size).toBe(0);
  });
});
