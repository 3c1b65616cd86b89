-- Decision 075: one search at a million flows. The text search index holds (company, kind, tsv) through
-- btree_gin, so a search reads only its company's entries of the kind it asks for; search_matches() answers
-- each kind's page itself (the kind's own LIMIT instead of one pool of 2,000 matches shared by all kinds).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "search_entry_tsv";--> statement-breakpoint
CREATE INDEX "search_entry_kind_tsv" ON "search_entry" USING gin ("company_id","kind","tsv");--> statement-breakpoint
DROP FUNCTION search_matches(tsquery, text, text[], boolean, integer, integer);--> statement-breakpoint
-- The search's hits (decisions 055 and 075), each kind's page: rows skip+1 to skip+per_kind+1 of the kind's
-- ranking (one past the page tells the caller there is more). Row-level security would keep the text search
-- and trigram operators (not leakproof) away from their indexes, so, as relation_search_ids(), this runs as
-- its owner and applies the tenant rule itself; entries of a trashed flow are left out, and below role 1000
-- incidents of others.
-- Which matches are ranked: a word found in many of a kind's entries is ranked among the matches in the
-- kind's newest `recent` entries (read newest first by the primary key, stopping there), when those are
-- enough for the page; otherwise among the kind's matches the index finds (at most `pool` of them: a
-- common word's index bitmap is read once, its heap only until the pool is full). Ranked by ts_rank_cd,
-- then the newest. Names match by trigram similarity (typos) only when the words found nothing in any kind.
CREATE FUNCTION search_matches(q tsquery, names text, kinds text[], all_incidents boolean, me integer,
  skip integer, per_kind integer)
RETURNS TABLE (kind varchar, entity_id integer, flow_id integer, relation_id integer, organization_id integer,
  title text, body text, updated_at timestamptz, rn integer)
LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 40 SET search_path = pg_catalog, public
  SET pg_trgm.word_similarity_threshold = 0.5 AS $$
DECLARE
  company integer := nullif(current_setting('app.company_id', true), '')::integer;
  need integer := skip + per_kind + 1;
  recent integer := greatest(1000, 10 * (skip + per_kind + 1));
  pool integer := greatest(500, 5 * (skip + per_kind + 1));
  rules text;
  k text;
  found_any boolean := false;
BEGIN
  IF company IS NULL OR need < 1 THEN
    RETURN;
  END IF;
  rules := format($r$(e.kind <> 'incident' OR %1$L OR e.user_id IS NULL OR e.user_id = %2$s)
      AND (e.flow_id IS NULL OR EXISTS (SELECT 1 FROM public.flow f WHERE f.id = e.flow_id AND f.deleted_at IS NULL))$r$,
    all_incidents, coalesce(me, 0));
  -- The values written into the statements (EXECUTE): planned for what is searched.
  IF q IS NOT NULL AND q::text <> '' THEN
    FOREACH k IN ARRAY kinds LOOP
      RETURN QUERY EXECUTE format($f$
        WITH latest AS MATERIALIZED (
          SELECT e.* FROM (
            SELECT * FROM public.search_entry e WHERE e.company_id = %2$s AND e.kind = %3$L
            ORDER BY e.entity_id DESC LIMIT %5$s) e
          WHERE e.tsv @@ %1$L::tsquery AND %4$s
        ), enough AS (SELECT count(*) >= %6$s AS yes FROM latest),
        matches AS (
          SELECT l.* FROM latest l WHERE (SELECT yes FROM enough)
          UNION ALL
          SELECT m.* FROM (
            SELECT e.* FROM public.search_entry e
            WHERE e.company_id = %2$s AND e.kind = %3$L AND e.tsv @@ %1$L::tsquery AND %4$s
            LIMIT %7$s) m
          WHERE NOT (SELECT yes FROM enough)
        )
        SELECT r.kind, r.entity_id, r.flow_id, r.relation_id, r.organization_id, r.title, r.body, r.updated_at, r.rn::int
        FROM (SELECT m.*, row_number() OVER (ORDER BY ts_rank_cd(m.tsv, %1$L::tsquery) DESC, m.updated_at DESC, m.entity_id DESC) AS rn
          FROM matches m) r
        WHERE r.rn > %8$s AND r.rn <= %6$s$f$,
        q::text, company, k, rules, recent, need, pool, skip);
      IF FOUND THEN
        found_any := true;
      END IF;
    END LOOP;
  END IF;
  IF found_any OR names = '' THEN
    RETURN;
  END IF;
  -- One trigram scan for every kind (the trigram index is on the title alone), each kind ranked on its own.
  RETURN QUERY EXECUTE format($f$
    SELECT r.kind, r.entity_id, r.flow_id, r.relation_id, r.organization_id, r.title, r.body, r.updated_at, r.rn::int
    FROM (SELECT m.*, row_number() OVER (PARTITION BY m.kind
        ORDER BY word_similarity(%1$L, m.title) DESC, m.updated_at DESC, m.entity_id DESC) AS rn
      FROM (SELECT e.* FROM public.search_entry e
        WHERE e.company_id = %2$s AND e.kind = ANY(%3$L::text[]) AND %1$L <%% e.title AND %4$s
        LIMIT %5$s) m) r
    WHERE r.rn > %6$s AND r.rn <= %7$s$f$,
    names, company, kinds, rules, 2000, skip, need);
END $$;
