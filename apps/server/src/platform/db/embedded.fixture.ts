/**
 * Test helper for embedded.test.ts: starts the embedded server on argv[2], writes a row, prints READY and
 * idles until the test SIGKILLs it (simulating a crashed server that leaves PostgreSQL orphaned).
 */
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded';

const noop = () => {};
const db = await startEmbeddedPostgres({
  dataDir: process.argv[2] ?? '',
  logger: { info: noop, warn: noop, error: noop, debug: noop },
});
const client = new pg.Client({ connectionString: db.url });
await client.connect();
await client.query('create table survivor (id int primary key, note text not null)');
await client.query("insert into survivor values (1, 'survives SIGKILL')");
await client.end();
process.stdout.write('READY\n');
setInterval(noop, 60_000);
