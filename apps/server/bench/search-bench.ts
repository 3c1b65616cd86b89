/**
 * Search benchmark (npm run bench:search [-- --small] [-- --write]), issue 48 / decision 055: one company
 * with 1,000,000 flows (200,000 relations) and 2,000,000 notes and customer messages (1,000,000 each;
 * --small: 50,000 flows and 100,000 notes and messages), indexed by the triggers as they are inserted.
 * Times GET /api/search as the top bar asks it (3 per kind, target p95 < 50 ms) and as the results screen
 * asks it (10 per kind, and one kind's page; target p95 < 150 ms) by the Server-Timing header, then
 * measures indexing: notes created through the API by 10 clients at once (each searchable when its call
 * answers), target at least 100 a second. DATABASE_URL / BENCH_DATA_DIR keep the data between runs as
 * for bench:crm. --write stores the table in docs/benchmarks/search.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import {
  benchLogin,
  type Case,
  ensureBenchCompany,
  listen,
  log,
  type Result,
  renderTable,
  runCase,
  serverVersion,
  startBenchServer,
  waitForQuiet,
} from './bench-kit';

const args = new Set(process.argv.slice(2));
const SMALL = args.has('--small');
const FLOWS = SMALL ? 50_000 : 1_000_000;
const RELATIONS = SMALL ? 10_000 : 200_000;
const NOTES = SMALL ? 50_000 : 1_000_000;
const MESSAGES = SMALL ? 50_000 : 1_000_000;
const CHUNK = 100_000;
const EMAIL = 'bench-search@bench.local';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const lit = (v: string) => `'${v.replace(/'/g, "''")}'`;
const arr = (values: readonly string[]) => `ARRAY[${values.map(lit).join(',')}]`;
/** Sentences of a field day; a rare word ('asbest', 1 in 997 rows) and a common one ('dak', most). */
const NOTE_OPENINGS = [
  'Klant gebeld over',
  'Bij de opname gezien:',
  'Monteur meldt',
  'Afspraak gemaakt voor',
  'Let op bij',
  'Offerte aangepast voor',
  'Na de levering:',
];
const NOTE_SUBJECTS = [
  'de omvormer in de meterkast',
  'het platte dak van de aanbouw',
  'de dakkapel aan de achterkant',
  'de warmtepomp in de tuin',
  'de zonnepanelen op het schuine dak',
  'de laadpaal op de oprit',
  'de thuisbatterij in de garage',
  'de vloerverwarming beneden',
  'de steiger aan de voorgevel',
  'de kabelgoot langs de gevel',
  'de groepenkast, vol',
];
const NOTE_ENDINGS = [
  'moet eerst bekeken worden.',
  'is in orde.',
  'kost een dag extra.',
  'overleggen met de klant.',
  'foto’s in het dossier.',
  'buren geïnformeerd.',
];
const MESSAGE_TEXTS = [
  'Wanneer komt de monteur langs?',
  'Kunnen de zonnepanelen ook op het dak van de schuur?',
  'De omvormer geeft een foutcode sinds gisteren.',
  'Is de offerte nog geldig tot het einde van de maand?',
  'Wij zijn dinsdag niet thuis, kan het woensdag?',
  'De warmtepomp maakt ’s nachts veel geluid.',
  'Moet de laadpaal op een eigen groep?',
  'Bedankt voor de snelle installatie!',
];

async function loadNotesAndMessages(client: pg.PoolClient, companyId: number, userId: number): Promise<void> {
  const flows = await client.query<{ lo: number; n: number }>(
    'select min(id)::int as lo, count(*)::int as n from flow where company_id = $1',
    [companyId],
  );
  const { lo, n } = flows.rows[0]!;
  for (let from = 1; from <= NOTES; from += CHUNK) {
    const t = Date.now();
    const to = Math.min(NOTES, from + CHUNK - 1);
    await client.query(`
      insert into note (company_id, target_type, flow_id, content, user_id, created_at, updated_at)
      select ${companyId}, 'flow', ${lo} + (i::bigint * 7919) % ${n},
        (${arr(NOTE_OPENINGS)})[1 + i % ${NOTE_OPENINGS.length}] || ' ' ||
        (${arr(NOTE_SUBJECTS)})[1 + (i / 7) % ${NOTE_SUBJECTS.length}] || ' ' ||
        (${arr(NOTE_ENDINGS)})[1 + (i / 3) % ${NOTE_ENDINGS.length}] ||
        case when i % 997 = 0 then ' Asbestverdacht materiaal gezien, eerst laten onderzoeken.' else '' end,
        ${userId}, now() - (i % 900) * interval '1 day', now() - (i % 400) * interval '1 day'
      from generate_series(${from}, ${to}) i`);
    log(`  notes ${to} (${((Date.now() - t) / 1000).toFixed(1)} s with their index entries)`);
  }
  for (let from = 1; from <= MESSAGES; from += CHUNK) {
    const t = Date.now();
    const to = Math.min(MESSAGES, from + CHUNK - 1);
    await client.query(`
      insert into message (company_id, flow_id, relation_id, messageable_type, messageable_id, sendable_type,
        sendable_id, receiveable_type, receiveable_id, user_id, content, status, hash, created_at, updated_at)
      select ${companyId}, f.id, f.relation_id, 'flow', f.id,
        case when i % 3 = 0 then 'user' else 'relation' end,
        case when i % 3 = 0 then ${userId} else f.relation_id end,
        case when i % 3 = 0 then 'relation' else 'user' end,
        case when i % 3 = 0 then f.relation_id else ${userId} end,
        case when i % 3 = 0 then ${userId} end,
        (${arr(MESSAGE_TEXTS)})[1 + (i / 5) % ${MESSAGE_TEXTS.length}], 'read', md5('m' || i || random()::text),
        now() - (i % 700) * interval '1 day', now() - (i % 700) * interval '1 day'
      from generate_series(${from}, ${to}) i
      join flow f on f.id = ${lo} + (i::bigint * 104729) % ${n}`);
    log(`  messages ${to} (${((Date.now() - t) / 1000).toFixed(1)} s with their index entries)`);
  }
}

function buildCases(token: string, flowNumber: number, postcode: string, surname: string): Case[] {
  const q = (query: string, extra = '') => `/api/search?query=${encodeURIComponent(query)}${extra}`;
  const topBar = (query: string) => q(query, '&limit=3');
  const words = ['asbest', 'omvormer foutcode', 'zonnepaneel schuur', 'dakkapel', 'dak'];
  return [
    {
      group: 'top bar (3 per kind)',
      name: 'a rare word (asbest)',
      target: 50,
      token,
      urls: [topBar('asbest')],
    },
    {
      group: 'top bar (3 per kind)',
      name: 'common words (omvormer foutcode, dak, dakkapel)',
      target: 50,
      token,
      urls: [topBar('omvormer foutcode'), topBar('dak'), topBar('dakkapel')],
    },
    {
      group: 'top bar (3 per kind)',
      name: 'a surname, with a typo, a postcode, a flow number',
      target: 50,
      token,
      urls: [
        topBar(surname),
        topBar(`${surname.slice(0, -1)}n`),
        topBar(postcode),
        topBar(String(flowNumber)),
      ],
    },
    {
      group: 'results screen',
      name: 'every kind, 10 each',
      target: 150,
      token,
      urls: words.map((w) => q(w, '&limit=10')),
    },
    {
      group: 'results screen',
      name: 'one kind, 20 to 100 (Meer tonen)',
      target: 150,
      token,
      urls: [
        q('dakkapel', '&kind=note&limit=20'),
        q('omvormer', '&kind=message&limit=50'),
        q('dak', '&kind=note&limit=100'),
      ],
    },
  ];
}

/** Notes made through the API by `clients` at once for `seconds`; each is searched right after its answer. */
async function indexingRate(base: string, token: string, flowId: number, clients: number, seconds: number) {
  const until = Date.now() + seconds * 1000;
  let made = 0;
  let missing = 0;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; Date.now() < until; i++) {
        const word = `meetpunt${c}x${i}`;
        const res = await fetch(`${base}/api/note`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ flow_id: flowId, content: `Nieuwe notitie ${word} bij de omvormer` }),
        });
        if (res.status !== 201) throw new Error(`note: ${res.status} ${await res.text()}`);
        made++;
        if (i % 10 === 0) {
          const found = await fetch(`${base}/api/search?query=${word}&kind=note&limit=1`, { headers });
          const body = (await found.json()) as { groups: { hits: unknown[] }[] };
          if ((body.groups[0]?.hits.length ?? 0) !== 1) missing++;
        }
      }
    }),
  );
  return { perSecond: made / seconds, made, missing };
}

/** The bench company with its flows, notes and messages (loaded once; kept with BENCH_DATA_DIR/DATABASE_URL). */
async function prepare(
  server: Awaited<ReturnType<typeof startBenchServer>>['server'],
  client: pg.PoolClient,
) {
  const { companyId, userIds } = await ensureBenchCompany(server, client, {
    email: EMAIL,
    name: 'Bench Zoeken BV',
    users: 10,
    relations: RELATIONS,
    flows: FLOWS,
  });
  const loaded = await client.query<{ n: number }>(
    'select count(*)::int as n from note where company_id = $1',
    [companyId],
  );
  if (loaded.rows[0]!.n < NOTES) {
    log(`loading ${NOTES} notes and ${MESSAGES} messages ...`);
    await loadNotesAndMessages(client, companyId, userIds[0]!);
    await client.query('vacuum analyze search_entry, note, message');
  }
  await client.query('create table if not exists bench_loaded (at timestamptz default now())');
  // A running server has the search's indexes in its cache; the bench's server was just started. The
  // indexes (not the table) are read into shared buffers before timing (decision 075).
  await client.query('create extension if not exists pg_prewarm');
  const t = Date.now();
  for (const index of [
    'search_entry_kind_tsv',
    'search_entry_pk',
    'search_entry_title_trgm',
    'search_word_pk',
  ])
    await client.query('select pg_prewarm($1)', [index]);
  log(`search indexes read into the cache (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  const counts = await client.query<{ kind: string; n: number }>(
    'select kind, count(*)::int as n from search_entry where company_id = $1 group by kind order by kind',
    [companyId],
  );
  const sample = await client.query<{ number: number; postcode: string; surname: string; id: number }>(
    `select f.number, l.postcode, r.surname, f.id from flow f join relation r on r.id = f.relation_id
     join location l on l.relation_id = r.id where f.company_id = $1 and f.deleted_at is null
     order by f.id desc limit 1`,
    [companyId],
  );
  return {
    entries: counts.rows.map((r) => `${r.kind} ${r.n.toLocaleString('nl-NL')}`).join(', '),
    sample: sample.rows[0]!,
    version: await serverVersion(client),
  };
}

async function main(): Promise<void> {
  const { db, server } = await startBenchServer('im_bench_search');
  try {
    const client = await server.deps.db.pool.connect();
    const { entries, sample: s, version } = await prepare(server, client).finally(() => client.release());
    log(`index: ${entries}`);

    const base = await listen(server);
    const token = await benchLogin(base, EMAIL);
    const cases = buildCases(token, s.number, s.postcode, s.surname);
    await waitForQuiet();
    const loadBefore = os.loadavg()[0]!;
    const results: Result[] = [];
    for (const c of cases) results.push(await runCase(base, c));
    const rate = await indexingRate(base, token, s.id, 10, 10);
    const ratePass = rate.perSecond >= 100 && rate.missing === 0;
    log(
      `${ratePass ? 'PASS' : 'FAIL'} indexing: ${rate.perSecond.toFixed(0)} notes a second through the API, ${rate.missing} not found right after`,
    );
    const table = renderTable(results);
    const rateLine = `| indexing | notes created through the API by 10 clients for 10 s, each searchable when its call answers | ≥ 100 a second | ${rate.perSecond.toFixed(0)} a second (${rate.made} notes, ${rate.missing} not found) | ${ratePass ? 'PASS' : '**FAIL**'} |`;
    log(`\n${table}\n\n${rateLine}`);
    if (args.has('--write')) {
      const file = path.join(ROOT, 'docs/benchmarks/search.md');
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(
        file,
        `# Search benchmark\n\n\`npm run bench:search${SMALL ? ' -- --small' : ''}\` on ${os.cpus().length} cores, PostgreSQL ${version}, ` +
          `load ${loadBefore.toFixed(1)} before and ${os.loadavg()[0]!.toFixed(1)} after. One company: ${FLOWS.toLocaleString('nl-NL')} flows, ` +
          `${RELATIONS.toLocaleString('nl-NL')} relations, ${NOTES.toLocaleString('nl-NL')} notes, ${MESSAGES.toLocaleString('nl-NL')} messages. ` +
          `Index entries: ${entries}.\n\nServer time per call (Server-Timing), ${cases.length} cases (decisions 055, 075):\n\n${table}\n\n` +
          `| what | how | target | measured | result |\n|---|---|---|---|---|\n${rateLine}\n`,
      );
      log(`written to ${path.relative(ROOT, file)}`);
    }
    const failed = results.filter((r) => r.p95 > r.target).length + (ratePass ? 0 : 1);
    log(`${results.length + 1 - failed} passed, ${failed} failed`);
    process.exitCode = failed > 0 ? 1 : 0;
  } finally {
    await server.close();
    await db.embedded?.stop();
    db.cleanup();
  }
}

await main().catch((err) => {
  console.error(err);
  process.exit(1);
});
