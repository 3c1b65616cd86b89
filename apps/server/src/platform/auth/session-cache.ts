import type { DomainEntityType, DomainEvent } from '@im/domain';
import type { Notification } from '../db/after-commit';
import { DOMAIN_EVENT_CHANNEL, SESSION_END_CHANNEL } from '../events/channel';
import type { LiveSubscriber } from '../events/listener';
import type { AuthContext } from './auth-context';

/** Sessions one process remembers at most; the oldest goes first. */
const MAX_ENTRIES = 10_000;

/** Changes that can alter a session's answer: its user, its company, or the modules a company has. */
const USER_ENTITIES: ReadonlySet<DomainEntityType> = new Set(['user']);
const COMPANY_ENTITIES: ReadonlySet<DomainEntityType> = new Set(['company', 'subscription', 'module']);
/** Platform-wide: a subscription type's modules reach every company that has it. */
const PLATFORM_ENTITIES: ReadonlySet<DomainEntityType> = new Set(['subscriptiontype']);

interface Entry {
  auth: AuthContext;
  until: number;
}

/**
 * The callers of recent requests, per token hash, for a few seconds: a screen's burst of calls then looks
 * its session up once instead of once per call (a round trip and the lookup function's work, on every
 * request: docs/decisions/014). It forgets at once what a change may have altered, in every process:
 * - a session that ended (logout, password change or reset: the session-end notification),
 * - the sessions of a user whose record changed (role, blacklist, removal: a `user` domain event),
 * - the sessions of a company whose record or modules changed (`company`, `subscription`, `module` events),
 * - everything on a subscription type's change, and everything when this process's event connection is
 *   down or was lost (notifications may have been missed).
 * The committing process forgets before its answer goes out (`Database.onCommitted`); the others when the
 * notification arrives, milliseconds later. Whatever a change that announces nothing alters (a session
 * passing its idle or end time) shows within the time to live.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /**
   * Counts forgettings: a lookup that started before one may have read what it changed, so its answer
   * is not kept (`set` with the generation read before the lookup).
   */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    /** Whether this process hears other processes' notifications right now. */
    private readonly live: () => boolean,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(tokenHash: string): AuthContext | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= this.now() || !this.live()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.auth;
  }

  /** The generation to hand to `set` for a lookup that starts now. */
  get current(): number {
    return this.generation;
  }

  set(tokenHash: string, auth: AuthContext, generation: number): void {
    if (this.ttlMs <= 0 || generation !== this.generation || !this.live()) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { auth, until: this.now() + this.ttlMs });
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** A notification of this process's own commit (`Database.onCommitted`). */
  onNotification({ channel, payload }: Notification): void {
    if (channel === SESSION_END_CHANNEL) this.forgetUser(Number(payload));
    else if (channel === DOMAIN_EVENT_CHANNEL) {
      try {
        this.onEvent(JSON.parse(payload) as ChangedEntity);
      } catch {
        this.clear();
      }
    }
  }

  /** For the process's event listener: every process's changes, and gaps. */
  subscriber(): LiveSubscriber {
    return {
      onEvent: (event) => this.onEvent(event),
      onSessionEnd: (userId) => this.forgetUser(userId),
      onGap: () => this.clear(),
      onClose: () => this.clear(),
    };
  }

  private onEvent(event: ChangedEntity): void {
    const type = event.entity_type;
    if (USER_ENTITIES.has(type)) this.forgetUser(event.entity_id);
    else if (COMPANY_ENTITIES.has(type)) {
      // A platform admin's change of a company is logged in the admin's company; the company is its entity.
      const target = type === 'company' ? event.entity_id : null;
      this.forget((auth) => auth.companyId === event.company_id || auth.companyId === target);
    } else if (PLATFORM_ENTITIES.has(type)) this.clear();
  }

  private forgetUser(userId: number | null): void {
    this.forget((auth) => auth.userId === userId);
  }

  private forget(matches: (auth: AuthContext) => boolean): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (matches(entry.auth)) this.entries.delete(key);
  }
}

type ChangedEntity = Pick<DomainEvent, 'entity_type' | 'entity_id' | 'company_id'>;
