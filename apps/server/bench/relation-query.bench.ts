/**
 * Relation list benchmark (tsx apps/server/bench/relation-query.bench.ts): one company with 200,000
 * relations (each with a main location and a flow, 2% trashed) and one with 20,000, then the real
 * relation use-cases in a tenant transaction: p50/p95 wall time over BENCH_RUNS runs, and EXPLAIN
 * (ANALYZE, BUFFERS) of every statement they send, under the restricted role with row-level security.
 * DATABASE_URL (required) names a server; the database im_bench_relations is created on it and kept, so a
 * second run reuses the data.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createCompany } from '../src/features/companies/create-company';
import { checkForDoubleRelations } from '../src/features/relations/check-double-relations';
import { queryRelations, searchRelations } from '../src/features/relations/query-relations';
import { loadRelationDetail } from '../src/features/relations/relation-dto';
import { searchInactiveRelations } from '../src/features/relations/search-inactive-relations';
import type { Database, Tx } from '../src/platform/db/database';
import * as schema from '../src/platform/db/schema';
import { openDatabase } from '../src/platform/db/setup';
import { createLogger } from '../src/platform/log';

const BIG = Number(process.env.BENCH_RELATIONS ?? 200_000);
const SMALL = 20_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const DB_NAME = 'im_bench_relations';
const log = (line: string) => process.stdout.write(`${line}\n`);

const FIRST = [
  'Jan',
  'Piet',
  'Klaas',
  'Anna',
  'Maria',
  'Sanne',
  'Lisa',
  'Emma',
  'Daan',
  'Sem',
  'Lucas',
  'Levi',
  'Noah',
  'Julia',
  'Sophie',
  'Tess',
  'Fleur',
  'Eva',
  'Mila',
  'Lotte',
  'Thomas',
  'Bram',
  'Ruben',
  'Lars',
  'Tim',
  'Johan',
  'Henk',
  'Gerrit',
  'Willem',
  'Hendrik',
  'Cornelis',
  'Johanna',
  'Wilhelmina',
  'Geertje',
  'Aaltje',
  'Janneke',
  'Joost',
  'Marieke',
  'Karin',
  'Ingrid',
  'Erik',
  'Peter',
  'Mark',
  'Dennis',
  'Martijn',
  'Sander',
  'Jeroen',
  'Bas',
  'Niels',
  'Rob',
  'Sjoerd',
  'Tjitske',
  'Durk',
  'Femke',
  'Bauke',
  'Harm',
  'Greetje',
  'Roelof',
];
const PREFIX = ['', '', '', '', 'de', 'van', 'van den', 'van der', 'de', '', 'van de', 'ter', ''];
const SUR = [
  'Jong',
  'Jansen',
  'Vries',
  'Berg',
  'Dijk',
  'Bakker',
  'Janssen',
  'Visser',
  'Smit',
  'Meijer',
  'Boer',
  'Mulder',
  'Groot',
  'Bos',
  'Vos',
  'Peters',
  'Hendriks',
  'Leeuwen',
  'Dekker',
  'Brouwer',
  'Wit',
  'Dijkstra',
  'Smits',
  'Graaf',
  'Meer',
  'Linden',
  'Kok',
  'Jacobs',
  'Haan',
  'Vermeulen',
  'Heuvel',
  'Veen',
  'Broek',
  'Bruijn',
  'Brink',
  'Schouten',
  'Beek',
  'Willems',
  'Hoekstra',
  'Koster',
  'Prins',
  'Huisman',
  'Postma',
  'Kuipers',
  'Wijk',
  'Veenstra',
  'Zijlstra',
  'Bosma',
  'Sikkema',
  'Wierda',
  'Hofstra',
  'Jonker',
  'Kramer',
  'Scholten',
  'Kuiper',
  'Timmerman',
  'Post',
  'Blom',
  'Molenaar',
  'Oosting',
  'Nijhuis',
  'Wessels',
  'Haverkamp',
  'Kamphuis',
  'Lansink',
  'Morsink',
  'Pierik',
  'Roelofs',
  'Boersma',
  'Wiersma',
  'Hoogeveen',
  'Dam',
  'Schipper',
  'Bouma',
  'Tuinstra',
  'Zwart',
  'Wolters',
  'Hamstra',
  'Venema',
  'Kloosterman',
];
const CITY = [
  'Groningen',
  'Leeuwarden',
  'Assen',
  'Zwolle',
  'Emmen',
  'Drachten',
  'Heerenveen',
  'Sneek',
  'Hoogeveen',
  'Meppel',
  'Deventer',
  'Enschede',
  'Hengelo',
  'Almelo',
  'Kampen',
  'Steenwijk',
  'Harlingen',
  'Franeker',
  'Dokkum',
  'Veendam',
  'Winschoten',
  'Stadskanaal',
  'Delfzijl',
  'Appingedam',
  'Coevorden',
  'Raalte',
  'Ommen',
  'Hardenberg',
  'Oldenzaal',
  'Borne',
  'Haren',
  'Roden',
  'Wommels',
  'Joure',
  'Bolsward',
  'Workum',
  'Lemmer',
  'Beilen',
  'Zuidlaren',
  'Gieten',
];
const STREET = [
  'Dorpsstraat',
  'Kerkstraat',
  'Hoofdweg',
  'Schoolstraat',
  'Molenweg',
  'Stationsweg',
  'Julianastraat',
  'Beatrixlaan',
  'Wilhelminastraat',
  'Prinses Irenestraat',
  'Esdoornlaan',
  'Berkenlaan',
  'Eikenlaan',
  'Lindelaan',
  'Parallelweg',
  'Nieuwstraat',
  'Oude Rijksweg',
  'Zuiderdiep',
  'Noorderstraat',
  'Brink',
  'Tsjerkebuorren',
  'Voorstraat',
  'Grote Markt',
  'Heerestraat',
  'Kanaalweg',
];
const MAIL = ['ziggo.nl', 'kpnmail.nl', 'gmail.com', 'hotmail.com', 'home.nl', 'planet.nl', 'outlook.com'];

const arr = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;
const pick = (values: readonly string[], expr: string, mul: number) =>
  `(${arr(values)})[1 + ((${expr}) * ${mul} + (${expr}) / ${values.length}) % ${values.length}]`;

async function seed(pool: pg.Pool, companyId: number, n: number): Promise<void> {
  const started = Date.now();
  await pool.query(`
    insert into relation (company_id, name, nameprefix, surname, email, phone, lead_source, created_at, updated_at, deleted_at)
    select ${companyId}, ${pick(FIRST, 'g', 7)}, ${pick(PREFIX, 'g', 3)}, ${pick(SUR, 'g', 13)},
      lower(${pick(FIRST, 'g', 7)}) || '.' || lower(${pick(SUR, 'g', 13)}) || (g % 997) || '@' || ${pick(MAIL, 'g', 5)},
      '06' || lpad((g * 7919 % 100000000)::text, 8, '0'),
      (ARRAY['Eigen website','Telefonisch','Beurs','Doorverwijzing','Vergelijkingssite'])[1 + g % 5],
      now() - (g || ' minutes')::interval, now() - ((g * 37 % 50000) || ' minutes')::interval,
      case when g % 50 = 0 then now() - ((g % 300) || ' hours')::interval end
    from generate_series(1, ${n}) g`);
  await pool.query(`
    insert into location (company_id, relation_id, address, number, postcode, city, is_main)
    select r.company_id, r.id, ${pick(STREET, 'r.id', 11)}, (1 + r.id % 180)::text,
      (1000 + r.id % 8999)::text || ' ' || chr(65 + r.id % 26) || chr(65 + (r.id / 26) % 26), ${pick(CITY, 'r.id', 7)}, true
    from relation r where r.company_id = ${companyId}`);
  await pool.query(`
    insert into flow (company_id, hash, number, description, flow_status, relation_id, created_at, updated_at, deleted_at)
    select r.company_id, md5(r.id::text || random()::text), row_number() over (order by r.id),
      (ARRAY['12 zonnepanelen + omvormer','Hybride warmtepomp','Spouwmuurisolatie','Thuisbatterij','Laadpaal'])[1 + r.id % 5],
      (ARRAY['new','intake','quotation','project','completed','cancelled'])[1 + r.id % 6], r.id,
      r.created_at, r.updated_at, r.deleted_at
    from relation r where r.company_id = ${companyId}`);
  log(
    `  seeded ${n} relations with locations and flows for company ${companyId} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}

interface Captured {
  sql: string;
  params: unknown[];
}

/** EXPLAIN (ANALYZE, BUFFERS) of a statement as the application runs it: company set, restricted role. */
async function explain(
  pool: pg.Pool,
  appRole: string | null,
  companyId: number,
  q: Captured,
): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      `select set_config('app.company_id', $1, true), set_config('app.all_companies', '', true)${appRole ? `, set_config('role', '${appRole}', true)` : ''}`,
      [String(companyId)],
    );
    const r = await client.query(`explain (analyze, buffers) ${q.sql}`, q.params as unknown[]);
    return r.rows.map((row) => row['QUERY PLAN'] as string);
  } finally {
    await client.query('rollback');
    client.release();
  }
}

async function main() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl)
    throw new Error(
      'Set DATABASE_URL to a PostgreSQL server (a database im_bench_relations is created on it).',
    );
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [DB_NAME]);
  if (exists.rowCount === 0) await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${DB_NAME}`;
  const db: Database = await openDatabase(url.toString(), 4, createLogger('warn'));
  const pool = db.pool;

  const companies = await pool.query<{ id: number; n: number }>(
    `select c.id, (select count(*)::int from relation r where r.company_id = c.id) as n from company c where c.name like 'Bench %' order by c.id`,
  );
  let big: number;
  if (companies.rowCount === 2 && companies.rows[0]!.n === BIG) {
    big = companies.rows[0]!.id;
    log(`reusing ${DB_NAME}: ${BIG} + ${SMALL} relations`);
  } else {
    log(`seeding ${DB_NAME} ...`);
    big = await db.platform((tx) => createCompany(tx, { name: 'Bench Groot', modules: ['BASIS', 'CRM'] }));
    const small = await db.platform((tx) =>
      createCompany(tx, { name: 'Bench Klein', modules: ['BASIS', 'CRM'] }),
    );
    await seed(pool, big, BIG);
    await seed(pool, small, SMALL);
    await pool.query('vacuum analyze relation');
    await pool.query('vacuum analyze location');
    await pool.query('vacuum analyze flow');
  }

  const captured: Captured[] = [];
  // The same data layer, with a logger that keeps each statement for EXPLAIN.
  const capturing = Object.create(db) as Database & { db: unknown };
  Object.defineProperty(capturing, 'db', {
    value: drizzle(pool, {
      schema,
      logger: { logQuery: (query, params) => captured.push({ sql: query, params }) },
    }),
  });
  const sampleId = (
    await pool.query<{ id: number }>(
      `select id from relation where company_id = $1 and deleted_at is null order by id desc limit 1`,
      [big],
    )
  ).rows[0]!.id;
  const page = (query: string, extra: Record<string, unknown> = {}) => ({
    offset: 0,
    limit: 25,
    query,
    sort: undefined,
    ...extra,
  });

  const cases: [string, (tx: Tx) => Promise<unknown>][] = [
    ['querypaginated, default sort (created_at)', (tx) => queryRelations(tx, page(''), 'live')],
    ['querypaginated sort=fullname', (tx) => queryRelations(tx, page('', { sort: 'fullname' }), 'live')],
    [
      'querypaginated sort=-updated_at',
      (tx) => queryRelations(tx, page('', { sort: '-updated_at' }), 'live'),
    ],
    ['querypaginated sort=city', (tx) => queryRelations(tx, page('', { sort: 'city' }), 'live')],
    ['querypaginated sort=email', (tx) => queryRelations(tx, page('', { sort: 'email' }), 'live')],
    [
      'querypaginated offset=100000',
      (tx) => queryRelations(tx, page('', { sort: 'id', offset: 100_000 }), 'live'),
    ],
    ['querypaginated query=jan', (tx) => queryRelations(tx, page('jan'), 'live')],
    ['querypaginated query=bakker', (tx) => queryRelations(tx, page('bakker'), 'live')],
    [
      'querypaginated query=zwolle sort=fullname',
      (tx) => queryRelations(tx, page('zwolle', { sort: 'fullname' }), 'live'),
    ],
    ['querypaginated query="jan zwolle"', (tx) => queryRelations(tx, page('jan zwolle'), 'live')],
    ['querypaginated query=8011', (tx) => queryRelations(tx, page('8011'), 'live')],
    ['querypaginated query=xyzq (no hits)', (tx) => queryRelations(tx, page('xyzq'), 'live')],
    ['querytrashed', (tx) => queryRelations(tx, page(''), 'trashed')],
    ['querytrashed query=jan', (tx) => queryRelations(tx, page('jan'), 'trashed')],
    ['search jan', (tx) => searchRelations(tx, 'jan')],
    ['search bak', (tx) => searchRelations(tx, 'bak')],
    ['search "van d"', (tx) => searchRelations(tx, 'van d')],
    ['search "kees mul"', (tx) => searchRelations(tx, 'kees mul')],
    ['search xyz (no hits)', (tx) => searchRelations(tx, 'xyz')],
    [
      'checkfordoublerelations (email)',
      (tx) => checkForDoubleRelations(tx, { surname: 'Jong', email: 'jan.jong1@ziggo.nl' }),
    ],
    ['relation detail', (tx) => loadRelationDetail(tx, sampleId)],
    [
      'searchinactiverelations flow_age=365',
      (tx) => searchInactiveRelations(tx, [{ tag: 'flow_age', amount: 365 }]),
    ],
  ];

  log(`\n${BIG} relations in company ${big}; ${RUNS} runs each; times in ms\n`);
  log('| case | p50 | p95 | statements: execution time (EXPLAIN ANALYZE) |');
  log('|---|---|---|---|');
  const plans: string[] = [];
  for (const [name, fn] of cases) {
    const runs = name.startsWith('searchinactive') ? Math.min(RUNS, 3) : RUNS;
    const times: number[] = [];
    for (let i = 0; i < runs + 2; i++) {
      const t0 = performance.now();
      await db.tenant({ companyId: big }, fn);
      if (i >= 2) times.push(performance.now() - t0);
    }
    times.sort((x, y) => x - y);
    captured.length = 0;
    await capturing.tenant({ companyId: big }, fn);
    const statements = captured.filter(
      (c) => /^\s*(select|with)\b/i.test(c.sql) && !c.sql.startsWith('select set_config'),
    );
    const exec: string[] = [];
    plans.push(`### ${name}`);
    for (const st of statements) {
      const plan = await explain(pool, db.appRole, big, st);
      const ms = plan.find((l) => l.startsWith('Execution Time'))?.replace(/[^\d.]/g, '') ?? '?';
      exec.push(ms);
      plans.push('```', st.sql.replace(/\s+/g, ' ').slice(0, 400), ...plan.slice(0, 25), '```');
    }
    const p = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!.toFixed(1);
    log(`| ${name} | ${p(0.5)} | ${p(0.95)} | ${exec.join(' + ')} |`);
  }
  if (process.env.BENCH_PLANS) log(`\n${plans.join('\n')}`);
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
