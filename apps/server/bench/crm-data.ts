import type pg from 'pg';

/** Small Dutch-ish vocabularies; combined by row number they give realistic, repeatable data. */
const FIRST_NAMES = [
  'Jan',
  'Piet',
  'Kees',
  'Henk',
  'Gerrit',
  'Willem',
  'Anna',
  'Maria',
  'Sophie',
  'Emma',
  'Lotte',
  'Sanne',
  'Daan',
  'Sem',
  'Lucas',
  'Bram',
  'Thijs',
  'Ruben',
  'Femke',
  'Ilse',
  'Marloes',
  'Joost',
  'Bart',
  'Koen',
  'Eva',
  'Julia',
  'Tess',
  'Noor',
  'Fleur',
  'Mirjam',
  'Hans',
  'Karin',
  'Ingrid',
  'Wim',
  'Erik',
  'Dirk',
];
const PREFIXES = ['', '', '', 'van', 'de', 'van der', 'van den', 'ter', 'van de', '', 'den', ''];
const SURNAMES = [
  'Jansen',
  'de Vries',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'Mulder',
  'Bos',
  'Vos',
  'Peters',
  'Hendriks',
  'Dekker',
  'Brouwer',
  'Dijkstra',
  'Kok',
  'Jacobs',
  'Vermeulen',
  'Schouten',
  'Willems',
  'Hoekstra',
  'Koster',
  'Prins',
  'Huisman',
  'Kuipers',
  'Veenstra',
  'Postma',
  'Timmermans',
  'Groen',
  'Wouters',
  'Boer',
  'Molenaar',
  'Kramer',
  'Scholten',
  'Wolters',
  'Hoek',
  'Post',
  'Kuiper',
  'Veen',
  'Haan',
  'Zwart',
  'Berg',
  'Dam',
  'Leeuwen',
  'Linden',
  'Wal',
  'Heuvel',
  'Beek',
  'Meer',
  'Brink',
  'Vliet',
];
const STREETS = [
  'Dorpsstraat',
  'Kerkstraat',
  'Schoolstraat',
  'Molenweg',
  'Stationsweg',
  'Hoofdstraat',
  'Julianastraat',
  'Beatrixlaan',
  'Wilhelminastraat',
  'Kastanjelaan',
  'Eikenlaan',
  'Beukenlaan',
  'Parallelweg',
  'Nieuwstraat',
  'Marktplein',
  'Industrieweg',
  'Zuiderweg',
  'Noordersingel',
  'Prinses Irenestraat',
  'Lindelaan',
  'Oranjestraat',
  'Sportlaan',
  'Vijverlaan',
  'Rozengracht',
  'Populierenlaan',
];
const CITIES = [
  'Zwolle',
  'Amersfoort',
  'Deventer',
  'Apeldoorn',
  'Kampen',
  'Meppel',
  'Hardenberg',
  'Ommen',
  'Raalte',
  'Dalfsen',
  'Hattem',
  'Elburg',
  'Harderwijk',
  'Ermelo',
  'Nunspeet',
  'Steenwijk',
  'Emmen',
  'Assen',
  'Groningen',
  'Leeuwarden',
  'Utrecht',
  'Arnhem',
  'Nijmegen',
  'Enschede',
  'Hengelo',
  'Almelo',
  'Lelystad',
  'Dronten',
  'Heerenveen',
  'Sneek',
];
const DESCRIPTIONS = [
  'Zonnepanelen 12 stuks',
  'Zonnepanelen 20 stuks plat dak',
  'Warmtepomp lucht/water',
  'Hybride warmtepomp',
  'CV-ketel vervangen',
  'Laadpaal oprit',
  'Thuisbatterij',
  'Airco slaapkamer',
  'Spouwmuurisolatie',
  'Vloerverwarming benedenverdieping',
  'Omvormer vervangen',
  'Onderhoud warmtepomp',
  'Dakisolatie',
  'Zonneboiler',
  'Ventilatiesysteem WTW',
  'Storing omvormer',
];
/** Tag sets as comma lists (PostgreSQL arrays of arrays must be rectangular). */
const TAG_SETS = [
  '',
  '',
  'Subsidie',
  'Spoed',
  'Particulier',
  'Zakelijk',
  'Subsidie,Particulier',
  'VvE',
  'Spoed,Zakelijk',
  '',
];
const MAIL_DOMAINS = [
  'gmail.com',
  'hotmail.com',
  'ziggo.nl',
  'kpnmail.nl',
  'outlook.com',
  'xs4all.nl',
  'live.nl',
  'home.nl',
];
const LEAD_SOURCES = [
  'Eigen website',
  'Eigen website',
  'Eigen website',
  'Telefonisch',
  'E-mail',
  'Beurs',
  'Doorverwijzing',
  'Vergelijkingssite',
  'Social media',
  'Bestaande klant',
];
/** Status by percentile: every status present, most flows closed, a realistic open pipeline. */
const STATUS_BY_PERCENT = [
  ...Array(2).fill('unread'),
  ...Array(10).fill('new'),
  ...Array(8).fill('intake'),
  ...Array(12).fill('quotation'),
  ...Array(5).fill('confirmation'),
  ...Array(8).fill('project'),
  ...Array(5).fill('invoice'),
  ...Array(5).fill('aftercare'),
  ...Array(30).fill('completed'),
  ...Array(15).fill('cancelled'),
] as string[];
const OPEN_STATUS_BY_PERCENT = [
  ...Array(5).fill('unread'),
  ...Array(25).fill('new'),
  ...Array(15).fill('intake'),
  ...Array(20).fill('quotation'),
  ...Array(10).fill('confirmation'),
  ...Array(12).fill('project'),
  ...Array(8).fill('invoice'),
  ...Array(5).fill('aftercare'),
] as string[];

const arr = (values: readonly unknown[]) => `ARRAY[${values.map((v) => lit(v)).join(',')}]`;
function lit(v: unknown): string {
  return `'${String(v).replace(/'/g, "''")}'`;
}
const PRIMES = [7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43];
/** One value of a small array chosen by a cheap integer mix of expr, so neighbouring rows differ. */
const pick = (values: readonly unknown[], expr: string, salt: number) => {
  const n = values.length;
  return `(${arr(values)})[1 + (((${expr})::bigint * ${PRIMES[salt % PRIMES.length]} + (${expr})::bigint / ${n} + ${salt}) % ${n})::int]`;
};

export interface LoadOptions {
  companyId: number;
  relations: number;
  flows: number;
  userIds: number[];
  /** Every flow open (pipeline statuses), for the pipeline company. */
  openOnly?: boolean;
  log?: (line: string) => void;
}

/**
 * Loads relations (each with a main location) and flows (about flows/relations per relation, with lead
 * dates and search text) with set-based SQL, as the connection's (superuser) role.
 */
export async function loadCompanyData(client: pg.PoolClient, o: LoadOptions): Promise<void> {
  const log = o.log ?? (() => {});
  const c = o.companyId;
  let t = Date.now();
  const step = (what: string) => {
    log(`  ${what} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
    t = Date.now();
  };

  await client.query(`
    insert into relation (company_id, name, nameprefix, surname, email, phone, lead_source, created_at, updated_at)
    select ${c}, n.first, ${pick(PREFIXES, 'i', 2)}, n.last,
      lower(n.first || '.' || replace(n.last, ' ', '') || (i % 97)) || '@' || ${pick(MAIL_DOMAINS, 'i', 10)},
      '06' || lpad((i * 7919 % 100000000)::text, 8, '0'), ${pick(LEAD_SOURCES, 'i', 4)},
      now() - ((i * 37) % 1800) * interval '1 day', now() - ((i * 11) % 300) * interval '1 day'
    from generate_series(1, ${o.relations}) i
    cross join lateral (select ${pick(FIRST_NAMES, 'i', 1)} as first, ${pick(SURNAMES, 'i', 3)} as last) n`);
  step(`${o.relations} relations`);

  await client.query('drop table if exists bench_rel');
  await client.query(`create temp table bench_rel as
    select id, (row_number() over (order by id))::int as rn from relation where company_id = ${c}`);
  await client.query('create index on bench_rel (rn)');
  await client.query(`
    insert into location (company_id, relation_id, description, address, number, postcode, city, is_main)
    select ${c}, r.id, 'Hoofdadres', ${pick(STREETS, 'r.rn', 5)}, (1 + r.rn % 180)::text,
      (1000 + r.rn % 8999)::text || ' ' || chr(65 + r.rn % 26) || chr(65 + (r.rn / 26) % 26),
      ${pick(CITIES, 'r.rn', 6)}, true
    from bench_rel r`);
  step('locations');

  const statuses = o.openOnly ? OPEN_STATUS_BY_PERCENT : STATUS_BY_PERCENT;
  await client.query(`
    insert into flow (company_id, hash, number, description, flow_status, flow_phase_id, user_id, relation_id,
      location_id, lead_source, flowprofile_id, tags, type, search_text, relation_fullname,
      flowstage_start_at, created_at, updated_at)
    select ${c}, md5(${c} || '-' || i || random()::text), i, d.description, s.status,
      (select p.id from flow_phase p where p.company_id = ${c}
         and p.flowstage = case when s.status = 'unread' then 'new' else s.status end
         order by p."order" limit 1),
      (${arr(o.userIds)}::int[])[1 + (i * 31 + i / 1000) % ${o.userIds.length}],
      r.id, l.id, ${pick(LEAD_SOURCES, 'i', 7)},
      (select standard_flowprofile_id from company_settings where company_id = ${c}),
      coalesce(string_to_array(nullif(${pick(TAG_SETS, 'i', 8)}, ''), ','), '{}'), '',
      lower(concat_ws(' ', i::text, d.description, rel.fullname, rel.email, l.address, l.number,
        l.number_addition, l.postcode, replace(l.postcode, ' ', ''), l.city)),
      rel.fullname,
      now() - ((i * 13) % 200) * interval '1 day' - (i % 1440) * interval '1 minute',
      now() - ((${o.flows} - i) * 1800 / ${o.flows}) * interval '1 day' - (i % 1440) * interval '1 minute',
      now() - ((i * 17) % 400) * interval '1 day' - (i % 997) * interval '1 minute'
    from generate_series(1, ${o.flows}) i
    cross join lateral (select ${pick(DESCRIPTIONS, 'i', 9)} as description) d
    cross join lateral (select (${arr(statuses)})[1 + (i * 7 + i / 100) % ${statuses.length}] as status) s
    join bench_rel r on r.rn = 1 + (i % ${o.relations})
    join relation rel on rel.id = r.id
    join location l on l.relation_id = r.id
    order by i`);
  step(`${o.flows} flows`);

  await client.query(`
    insert into lead (company_id, flow_id, date_lead, date_intake, date_quotation, date_project, date_archived)
    select ${c}, f.id, f.created_at,
      case when f.flow_status not in ('unread', 'new') then f.created_at + interval '5 days' end,
      case when f.flow_status in ('quotation', 'confirmation', 'project', 'invoice', 'aftercare', 'completed')
        then f.created_at + interval '12 days' end,
      case when f.flow_status in ('project', 'invoice', 'aftercare', 'completed') then f.created_at + interval '30 days' end,
      case when f.flow_status in ('completed', 'cancelled') then f.updated_at end
    from flow f where f.company_id = ${c}`);
  step('lead dates');

  await client.query(
    `insert into company_counter (company_id, name, value) values (${c}, 'flow', ${o.flows})
     on conflict (company_id, name) do update set value = excluded.value`,
  );
  await client.query('drop table bench_rel');
}
