-- Decision 075: one search at a million flows. The text search index holds (company, kind, tsv) through
-- btree_gin, so a search reads only its company's entries of the kind it asks for; search_word lists the
-- words of a company's entries, so a word typed as the start of longer words is searched as those words
-- (an index lookup per word, where the text search's prefix match reads every entry of every kind that
-- has a word with that start); search_matches() answers each kind's page itself.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "search_word" (
	"company_id" integer DEFAULT nullif(current_setting('app.company_id', true), '')::integer NOT NULL,
	"word" text COLLATE "C" NOT NULL,
	CONSTRAINT "search_word_pk" PRIMARY KEY("company_id","word")
);
--> statement-breakpoint
ALTER TABLE "search_word" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "search_word" ADD CONSTRAINT "search_word_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "search_word" AS PERMISSIVE FOR ALL TO public USING (company_id = nullif(current_setting('app.company_id', true), '')::integer or coalesce(current_setting('app.all_companies', true), '') = 'on') WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer or coalesce(current_setting('app.all_companies', true), '') = 'on');--> statement-breakpoint
DROP INDEX "search_entry_tsv";--> statement-breakpoint
CREATE INDEX "search_entry_kind_tsv" ON "search_entry" USING gin ("company_id","kind","tsv");--> statement-breakpoint
SELECT set_config('app.all_companies', 'on', true);--> statement-breakpoint
-- The words (lexemes) of the entries written, those a typed start of a word can find (starting with a
-- letter: numbers, postcodes and phone numbers match whole). Words are only added: a word no entry has
-- any more finds nothing, as before. Sorted, so two writers add the same new words in the same order.
CREATE FUNCTION search_words_added() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  INSERT INTO public.search_word (company_id, word)
  SELECT DISTINCT n.company_id, w.word COLLATE "C"
  FROM new_rows n CROSS JOIN LATERAL unnest(tsvector_to_array(n.tsv)) AS w(word)
  WHERE w.word ~ '^[[:alpha:]]'
  ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_entry_words_insert AFTER INSERT ON public.search_entry REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_added();--> statement-breakpoint
CREATE TRIGGER search_entry_words_update AFTER UPDATE ON public.search_entry REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_added();--> statement-breakpoint
INSERT INTO search_word (company_id, word)
SELECT DISTINCT e.company_id, w.word COLLATE "C"
FROM search_entry e CROSS JOIN LATERAL unnest(tsvector_to_array(e.tsv)) AS w(word)
WHERE w.word ~ '^[[:alpha:]]'
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A source's refresh runs for each updated row (a location's insert updates its relation, and so each
-- relation's entry): a generic plan of `id = ANY(ids)` read every live relation for one id (200,000 rows
-- per updated relation at 200,000 relations). Planned for the ids they get.
ALTER FUNCTION search_refresh_flow(integer[]) SET plan_cache_mode = force_custom_plan;--> statement-breakpoint
ALTER FUNCTION search_refresh_relation(integer[]) SET plan_cache_mode = force_custom_plan;--> statement-breakpoint
ALTER FUNCTION search_refresh_organization(integer[]) SET plan_cache_mode = force_custom_plan;--> statement-breakpoint
ALTER FUNCTION search_refresh_note(integer[]) SET plan_cache_mode = force_custom_plan;--> statement-breakpoint
ALTER FUNCTION search_refresh_message(integer[]) SET plan_cache_mode = force_custom_plan;--> statement-breakpoint
ALTER FUNCTION search_refresh_incident(integer[]) SET plan_cache_mode = force_custom_plan;--> statement-breakpoint
ALTER FUNCTION search_refresh_flowdataitem(integer[]) SET plan_cache_mode = force_custom_plan;--> statement-breakpoint
ALTER FUNCTION search_refresh_sales_document(integer[]) SET plan_cache_mode = force_custom_plan;--> statement-breakpoint
ALTER FUNCTION search_refresh_task(integer[]) SET plan_cache_mode = force_custom_plan;--> statement-breakpoint
ALTER FUNCTION search_refresh_agendaitem(integer[]) SET plan_cache_mode = force_custom_plan;--> statement-breakpoint
DROP FUNCTION search_matches(tsquery, text, text[], boolean, integer, integer);--> statement-breakpoint
-- The search's hits (decisions 055 and 075), each kind's page: rows skip+1 to skip+per_kind+1 of the kind's
-- ranking (one past the page tells the caller there is more). Row-level security would keep the text search
-- and trigram operators (not leakproof) away from their indexes, so, as relation_search_ids(), this runs as
-- its owner and applies the tenant rule itself; entries of a trashed flow are left out, and below role 1000
-- incidents of others.
-- A typed start of a word ('asbest':*) is searched as the company's words with that start (at most 200 of
-- them; more, and the prefix match itself is used). Which matches are ranked: a kind's newest entries are
-- read newest first, stopping at 3 pages of matches or after 50 pages of entries; when those hold a page,
-- its matches are ranked. Otherwise the index finds the kind's matches (at most 500). Ranked by ts_rank_cd,
-- then the newest. Names match by trigram similarity (typos) only when the words found nothing at all.
CREATE FUNCTION search_matches(q tsquery, names text, kinds text[], all_incidents boolean, me integer,
  skip integer, per_kind integer)
RETURNS TABLE (kind varchar, entity_id integer, flow_id integer, relation_id integer, organization_id integer,
  title text, body text, updated_at timestamptz, rn integer)
-- Static statements planned once per connection (generic plans): a search runs a statement per kind, and
-- planning them for every search cost more than running them.
LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 40 SET search_path = pg_catalog, public
  SET pg_trgm.word_similarity_threshold = 0.5 SET jit = off SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  company integer := nullif(current_setting('app.company_id', true), '')::integer;
  need integer := skip + per_kind + 1;
  qt text;
  words_q tsquery;
  prefix text;
  start text COLLATE "C";
  words text[];
  k text;
  found_any boolean := false;
BEGIN
  IF company IS NULL OR need < 1 THEN
    RETURN;
  END IF;
  qt := coalesce(q::text, '');
  FOR prefix IN SELECT DISTINCT m[1] FROM regexp_matches(qt, '''((?:[^'']|'''')+)'':\*', 'g') AS m LOOP
    start := replace(prefix, '''''', '''') COLLATE "C";
    SELECT array_agg(w.word ORDER BY w.word) INTO words FROM (
      SELECT s.word FROM public.search_word s
      -- A range of the C-collated key (a LIKE pattern in a generic plan would read every word).
      WHERE s.company_id = company AND s.word >= start AND s.word < start || chr(1114111)
        AND starts_with(s.word, start)
      ORDER BY s.word LIMIT 201) w;
    IF cardinality(words) <= 200 THEN
      qt := replace(qt, '''' || prefix || ''':*', '(' || array_to_string(array(SELECT quote_literal(x) FROM unnest(words) x), ' | ') || ')');
    ELSIF words IS NULL THEN
      qt := replace(qt, '''' || prefix || ''':*', '''' || prefix || '''');
    END IF;
  END LOOP;
  IF qt <> '' THEN
    words_q := qt::tsquery;
    FOREACH k IN ARRAY kinds LOOP
      RETURN QUERY
        WITH latest AS MATERIALIZED (
          SELECT e.* FROM (
            SELECT * FROM public.search_entry e WHERE e.company_id = company AND e.kind = k
            ORDER BY e.entity_id DESC LIMIT 50 * need) e
          WHERE e.tsv @@ words_q
            AND (e.kind <> 'incident' OR all_incidents OR e.user_id IS NULL OR e.user_id = me)
            AND (e.flow_id IS NULL OR coalesce((SELECT f.deleted_at IS NULL FROM public.flow f
              WHERE f.id = e.flow_id AND f.company_id = company), false))
          LIMIT 3 * need
        ), enough AS (SELECT count(*) >= need AS yes FROM latest),
        matches AS (
          SELECT l.* FROM latest l WHERE (SELECT yes FROM enough)
          UNION ALL
          SELECT m.* FROM (
            SELECT e.* FROM public.search_entry e
            WHERE e.company_id = company AND e.kind = k AND e.tsv @@ words_q
              AND (e.kind <> 'incident' OR all_incidents OR e.user_id IS NULL OR e.user_id = me)
            LIMIT 500) m
          WHERE NOT (SELECT yes FROM enough)
        ),
        ranked AS (
          SELECT m.*, ts_rank_cd(m.tsv, words_q) AS score FROM matches m
          ORDER BY score DESC, m.updated_at DESC, m.entity_id DESC OFFSET 0
        )
        SELECT r.kind, r.entity_id, r.flow_id, r.relation_id, r.organization_id, r.title, r.body, r.updated_at, r.rn::int
        FROM (SELECT p.*, row_number() OVER () AS rn
          FROM (SELECT e.* FROM ranked e
            WHERE e.flow_id IS NULL OR coalesce((SELECT f.deleted_at IS NULL FROM public.flow f
              WHERE f.id = e.flow_id AND f.company_id = company), false)
            LIMIT need) p) r
        WHERE r.rn > skip;
      IF FOUND THEN
        found_any := true;
      END IF;
    END LOOP;
  END IF;
  IF found_any OR names = '' THEN
    RETURN;
  END IF;
  -- One trigram scan for every kind (the trigram index is on the title alone), at most 500 matches, each
  -- kind's ranked on its own; the trashed-flow lookup only for the rows a page needs.
  RETURN QUERY
    WITH pool AS MATERIALIZED (
      SELECT e.*, word_similarity(names, e.title) AS score FROM public.search_entry e
      WHERE e.company_id = company AND e.kind = ANY(kinds) AND names <% e.title
        AND (e.kind <> 'incident' OR all_incidents OR e.user_id IS NULL OR e.user_id = me)
      LIMIT 500
    )
    SELECT r.kind, r.entity_id, r.flow_id, r.relation_id, r.organization_id, r.title, r.body, r.updated_at, r.rn::int
    FROM unnest(kinds) AS k(kind) CROSS JOIN LATERAL (
      SELECT p.*, row_number() OVER () AS rn FROM (
        SELECT e.* FROM (
          SELECT * FROM pool WHERE pool.kind = k.kind
          ORDER BY pool.score DESC, pool.updated_at DESC, pool.entity_id DESC OFFSET 0) e
        WHERE e.flow_id IS NULL OR coalesce((SELECT f.deleted_at IS NULL FROM public.flow f
          WHERE f.id = e.flow_id AND f.company_id = company), false)
        LIMIT need) p) r
    WHERE r.rn > skip;
END $$;
