import type pg from 'pg';

interface WatchedClient {
  connection: NodeJS.EventEmitter;
}

/**
 * Counts round trips on a pool's connections: the answers PostgreSQL closes with ReadyForQuery. Watches
 * each connection from the moment it is next handed out; `stop` detaches everything.
 */
export function watchRoundTrips(pool: pg.Pool) {
  let count = 0;
  const onReady = () => {
    count += 1;
  };
  const watched = new Set<WatchedClient>();
  const onAcquire = (client: WatchedClient) => {
    if (!watched.has(client)) client.connection.on('readyForQuery', onReady);
    watched.add(client);
  };
  pool.on('acquire', onAcquire as (client: pg.PoolClient) => void);
  return {
    get count() {
      return count;
    },
    reset() {
      count = 0;
    },
    stop() {
      pool.off('acquire', onAcquire as (client: pg.PoolClient) => void);
      for (const client of watched) client.connection.off('readyForQuery', onReady);
    },
  };
}
