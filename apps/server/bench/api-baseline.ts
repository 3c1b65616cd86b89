// The raw baseline of `npm run bench:api`: a bare Fastify server that, for each case, runs exactly the
// SQL statements the real call ran (captured by api-bench.ts) through plain `pg` on one pooled
// connection, and answers the rows as JSON. What the real server costs above this is its own work.
// Plain pg: every statement unnamed (parsed on every request). Statements the real call sent in one round
// trip (one Sync, one implicit transaction) go out the same way, which plain pg cannot say: its pipeline
// mode syncs each statement, ending the implicit transaction and with it the settings. For those the
// baseline borrows the server's pipelining, without its naming.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { PreparingClient } from '../src/platform/db/preparing-client';

interface Single {
  text: string;
  values?: unknown[];
}
type Statement = Single | { pipeline: Single[] };
const withValues = (s: Single) => ({ text: s.text, values: s.values ?? [] });

const cases = JSON.parse(readFileSync(process.env.BASELINE_CASES!, 'utf8')) as Record<string, Statement[]>;
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DB_POOL_SIZE ?? 10),
  Client: class PlainClient extends PreparingClient {
    // biome-ignore lint/suspicious/noExplicitAny: pg's query() overloads pass through
    override query(...args: any[]): any {
      return (pg.Client.prototype.query as (...a: unknown[]) => unknown).apply(this, args);
    }
    protected override nameFor(): undefined {
      return undefined;
    }
  },
});
const app = Fastify({ logger: false });

for (const [name, statements] of Object.entries(cases)) {
  const handler = async () => {
    const client = await pool.connect();
    let failed: Error | undefined;
    try {
      let rows: unknown[] = [];
      for (const s of statements) {
        if ('pipeline' in s)
          rows = (await (client as unknown as PreparingClient).pipelined(s.pipeline.map(withValues))).flat();
        else rows = (await client.query(s.text, s.values)).rows;
      }
      return { rows };
    } catch (err) {
      // A failed replay answers 500 (counted as the baseline's errors) and never poisons the connection.
      failed = err as Error;
      process.stderr.write(`${name}: ${failed.message}\n`);
      throw failed;
    } finally {
      client.release(failed);
    }
  };
  app.get(`/case/${name}`, handler);
  app.post(`/case/${name}`, handler);
  app.patch(`/case/${name}`, handler);
}

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
