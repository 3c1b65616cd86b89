// Counts per address in the database, so that every server process counts the same: the per-address rate
// limits (@fastify/rate-limit's store) and the customer links' guess guard. In one process's memory, two
// processes behind one port (WORKERS, decision 014) would each allow the full limit.
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database';

export interface AddressHits {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/** Rows whose window began longer ago than this are removed (every window is far shorter). */
const KEEP_MS = 60 * 60_000;
const PRUNE_EVERY_MS = 10 * 60_000;

const windowOf = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;
/** The milliseconds left of a row's window (0 when it ended). */
const ttlOf = (window: SQL) =>
  sql`greatest(0, ceil(extract(epoch from since + ${window} - now()) * 1000))::int`;

/** Fixed windows per scope and address: the first hit opens a window, the first hit after it a new one. */
export class AddressCounts {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Database) {}

  /** Counts a hit and answers the window's count; one statement, so concurrent hits never get lost. */
  async hit(scope: string, address: string, windowMs: number): Promise<AddressHits> {
    const window = windowOf(windowMs);
    const result = await this.db.platform((tx) =>
      tx.execute<{ hits: number; ttl_ms: number }>(sql`
        insert into address_count as a (scope, address, since, hits) values (${scope}, ${address}, now(), 1)
        on conflict (scope, address) do update set
          since = case when a.since + ${window} <= now() then now() else a.since end,
          hits = case when a.since + ${window} <= now() then 1 else a.hits + 1 end
        returning hits, ${ttlOf(window)} as ttl_ms`),
    );
    const row = result.rows[0]!;
    return { hits: row.hits, ttlMs: row.ttl_ms };
  }

  /** The count of the current window without counting (0 when no window is open). */
  async read(scope: string, address: string, windowMs: number): Promise<AddressHits> {
    const window = windowOf(windowMs);
    const result = await this.db.platform((tx) =>
      tx.execute<{ hits: number; ttl_ms: number }>(sql`
        select hits, ${ttlOf(window)} as ttl_ms
        from address_count where scope = ${scope} and address = ${address} and since + ${window} > now()`),
    );
    const row = result.rows[0];
    return row ? { hits: row.hits, ttlMs: row.ttl_ms } : { hits: 0, ttlMs: 0 };
  }

  /** Removes windows that ended long ago; answers how many. */
  async prune(): Promise<number> {
    const result = await this.db.platform((tx) =>
      tx.execute(sql`delete from address_count where since < now() - ${windowOf(KEEP_MS)}`),
    );
    return result.rowCount ?? 0;
  }

  /** Prunes now and then (in every process: a delete of nothing costs little). */
  start(): void {
    this.timer = setInterval(() => void this.prune().catch(() => {}), PRUNE_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** What the plugin hands a route's store: the route's limit, with the route as `routeInfo`. */
interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A store for @fastify/rate-limit (its `store` option) that counts in `counts`, one scope per route: the
 * same limits as its in-memory store, shared by every process.
 */
export function addressCountStore(counts: AddressCounts) {
  return class AddressCountStore {
    private readonly scope: string;

    constructor(params?: unknown) {
      const route = (params as RouteParams | undefined)?.routeInfo ?? {};
      this.scope = `${[route.method ?? ''].flat().join(',')} ${route.url ?? ''}`.trim() || 'app';
    }

    incr(key: string, cb: Callback, timeWindow: number): void {
      counts.hit(this.scope, key, timeWindow).then(
        (r) => cb(null, { current: r.hits, ttl: r.ttlMs }),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: Callback, timeWindow: number): void {
      counts.read(this.scope, key, timeWindow).then(
        (r) => cb(null, { current: r.hits, ttl: r.ttlMs }),
        (err: Error) => cb(err),
      );
    }

    child(params: unknown): AddressCountStore {
      return new AddressCountStore(params);
    }
  };
}
