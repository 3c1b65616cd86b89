-- The relation overview as it opens (one company's live relations, no search text) from static statements:
-- relation_page_ids() and relation_count() built their statement as text and ran it with EXECUTE, which
-- plans it anew on every call (about 0.3 ms of the database's CPU per page, docs/decisions/014). A static
-- statement in PL/pgSQL is parsed once per connection. The page keeps its generic plan (plan_cache_mode):
-- each sort has its (company_id, column, id) index over live relations (relations.schema.ts), from which
-- that plan reads the page whatever the company; with the limit a parameter PostgreSQL would otherwise plan
-- it anew on every call. Searches, the trash and the platform scope keep the built statement.
CREATE OR REPLACE FUNCTION relation_page_ids(patterns text[], trashed boolean, sort_column text, descending boolean,
  max_rows integer, skip_rows integer)
RETURNS TABLE (id integer, n bigint) LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = pg_catalog, public SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  direction text := CASE WHEN descending THEN 'DESC' ELSE 'ASC' END;
  sort_key text := sort_column || CASE WHEN descending THEN ' desc' ELSE '' END;
  company integer := nullif(current_setting('app.company_id', true), '')::integer;
BEGIN
  IF sort_column NOT IN ('id', 'fullname', 'surname', 'email', 'main_city', 'created_at', 'updated_at', 'lead_source',
    'deleted_at') THEN
    RAISE EXCEPTION 'relation_page_ids: unknown sort column %', sort_column USING ERRCODE = '22023';
  END IF;
  IF coalesce(cardinality(patterns), 0) = 0 AND NOT trashed AND company IS NOT NULL
    AND coalesce(current_setting('app.all_companies', true), '') <> 'on' AND sort_column <> 'deleted_at' THEN
    CASE sort_key
      WHEN 'id' THEN RETURN QUERY SELECT p.id, row_number() OVER () FROM (SELECT r.id FROM public.relation r
        WHERE r.company_id = company AND r.deleted_at IS NULL ORDER BY r.id LIMIT max_rows OFFSET skip_rows) p;
      WHEN 'id desc' THEN RETURN QUERY SELECT p.id, row_number() OVER () FROM (SELECT r.id FROM public.relation r
        WHERE r.company_id = company AND r.deleted_at IS NULL ORDER BY r.id DESC LIMIT max_rows OFFSET skip_rows) p;
      WHEN 'fullname' THEN RETURN QUERY SELECT p.id, row_number() OVER () FROM (SELECT r.id FROM public.relation r
        WHERE r.company_id = company AND r.deleted_at IS NULL ORDER BY r.fullname, r.id LIMIT max_rows OFFSET skip_rows) p;
      WHEN 'fullname desc' THEN RETURN QUERY SELECT p.id, row_number() OVER () FROM (SELECT r.id FROM public.relation r
        WHERE r.company_id = company AND r.deleted_at IS NULL ORDER BY r.fullname DESC, r.id DESC LIMIT max_rows OFFSET skip_rows) p;
      WHEN 'surname' THEN RETURN QUERY SELECT p.id, row_number() OVER () FROM (SELECT r.id FROM public.relation r
        WHERE r.company_id = company AND r.deleted_at IS NULL ORDER BY r.surname, r.id LIMIT max_rows OFFSET skip_rows) p;
      WHEN 'surname desc' THEN RETURN QUERY SELECT p.id, row_number() OVER () FROM (SELECT r.id FROM public.relation r
        WHERE r.company_id = company AND r.deleted_at IS NULL ORDER BY r.surname DESC, r.id DESC LIMIT max_rows OFFSET skip_rows) p;
      WHEN 'email' THEN RETURN QUERY SELECT p.id, row_number() OVER () FROM (SELECT r.id FROM public.relation r
        WHERE r.company_id = company AND r.deleted_at IS NULL ORDER BY r.email, r.id LIMIT max_rows OFFSET skip_rows) p;
      WHEN 'email desc' THEN RETURN QUERY SELECT p.id, row_number() OVER () FROM (SELECT r.id FROM public.relation r
        WHERE r.company_id = company AND r.deleted_at IS NULL ORDER BY r.email DESC, r.id DESC LIMIT max_rows OFFSET skip_rows) p;
      WHEN 'main_city' THEN RETURN QUERY SELECT p.id, row_number() OVER () FROM (SELECT r.id FROM public.relation r
        WHERE r.company_id = company AND r.deleted_at IS NULL ORDER BY r.main_city, r.id LIMIT max_rows OFFSET skip_rows) p;
      WHEN 'main_city desc' THEN RETURN QUERY SELECT p.id, row_number() OVER () FROM (SELECT r.id FROM public.relation r
        WHERE r.company_id = company AND r.deleted_at IS NULL ORDER BY r.main_city DESC, r.id DESC LIMIT max_rows OFFSET skip_rows) p;
      WHEN 'created_at' THEN RETURN QUERY SELECT p.id, row_number() OVER () FROM (SELECT r.id FROM public.relation r
        WHERE r.company_id = company AND r.deleted_at IS NULL ORDER BY r.created_at, r.id LIMIT max_rows OFFSET skip_rows) p;
      WHEN 'created_at desc' THEN RETURN QUERY SELECT p.id, row_number() OVER () FROM (SELECT r.id FROM public.relation r
        WHERE r.company_id = company AND r.deleted_at IS NULL ORDER BY r.created_at DESC, r.id DESC LIMIT max_rows OFFSET skip_rows) p;
      WHEN 'updated_at' THEN RETURN QUERY SELECT p.id, row_number() OVER () FROM (SELECT r.id FROM public.relation r
        WHERE r.company_id = company AND r.deleted_at IS NULL ORDER BY r.updated_at, r.id LIMIT max_rows OFFSET skip_rows) p;
      WHEN 'updated_at desc' THEN RETURN QUERY SELECT p.id, row_number() OVER () FROM (SELECT r.id FROM public.relation r
        WHERE r.company_id = company AND r.deleted_at IS NULL ORDER BY r.updated_at DESC, r.id DESC LIMIT max_rows OFFSET skip_rows) p;
      WHEN 'lead_source' THEN RETURN QUERY SELECT p.id, row_number() OVER () FROM (SELECT r.id FROM public.relation r
        WHERE r.company_id = company AND r.deleted_at IS NULL ORDER BY r.lead_source, r.id LIMIT max_rows OFFSET skip_rows) p;
      WHEN 'lead_source desc' THEN RETURN QUERY SELECT p.id, row_number() OVER () FROM (SELECT r.id FROM public.relation r
        WHERE r.company_id = company AND r.deleted_at IS NULL ORDER BY r.lead_source DESC, r.id DESC LIMIT max_rows OFFSET skip_rows) p;
    END CASE;
    RETURN;
  END IF;
  RETURN QUERY EXECUTE format(
    'SELECT r.id, row_number() OVER () FROM (SELECT r.id FROM public.relation r WHERE %s ORDER BY r.%I %s, r.id %s LIMIT %s OFFSET %s) r',
    relation_search_where(patterns, trashed), sort_column, direction, direction, max_rows, skip_rows);
END $$;--> statement-breakpoint
-- The count keeps PostgreSQL's own choice of plan: a generic plan does not know the company, and for a small
-- company beside a big one in the same table it could count with a sequential scan.
CREATE OR REPLACE FUNCTION relation_count(patterns text[], trashed boolean) RETURNS bigint
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  company integer := nullif(current_setting('app.company_id', true), '')::integer;
  total bigint;
BEGIN
  IF coalesce(cardinality(patterns), 0) = 0 AND company IS NOT NULL
    AND coalesce(current_setting('app.all_companies', true), '') <> 'on' THEN
    IF trashed THEN
      SELECT count(*) INTO total FROM public.relation r WHERE r.company_id = company AND r.deleted_at IS NOT NULL;
    ELSE
      SELECT count(*) INTO total FROM public.relation r WHERE r.company_id = company AND r.deleted_at IS NULL;
    END IF;
    RETURN total;
  END IF;
  EXECUTE format('SELECT count(*) FROM public.relation r WHERE %s', relation_search_where(patterns, trashed)) INTO total;
  RETURN total;
END $$;
