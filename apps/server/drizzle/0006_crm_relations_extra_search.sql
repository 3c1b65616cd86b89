-- docs/decisions/007-relation-search.md. Location changes refresh the relations' search text per statement
-- (transition tables), so a bulk insert of locations costs one set-based update, not one update per row.
DROP TRIGGER location_relation_search ON location;--> statement-breakpoint
DROP FUNCTION location_refresh_relation_search();--> statement-breakpoint
CREATE FUNCTION location_refresh_relation_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE relation r SET (search_text, main_city) = (
      SELECT d.search_text, d.main_city FROM relation_search_document(r.id, r.name, r.nameprefix, r.surname, r.email) d)
    WHERE r.id IN (SELECT relation_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE relation r SET (search_text, main_city) = (
      SELECT d.search_text, d.main_city FROM relation_search_document(r.id, r.name, r.nameprefix, r.surname, r.email) d)
    WHERE r.id IN (SELECT relation_id FROM old_rows);
  ELSE
    UPDATE relation r SET (search_text, main_city) = (
      SELECT d.search_text, d.main_city FROM relation_search_document(r.id, r.name, r.nameprefix, r.surname, r.email) d)
    WHERE r.id IN (
      SELECT n.relation_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.relation_id, n.address, n.number, n.number_addition, n.postcode, n.city, n.is_main)
        IS DISTINCT FROM (o.relation_id, o.address, o.number, o.number_addition, o.postcode, o.city, o.is_main)
      UNION
      SELECT o.relation_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.relation_id IS DISTINCT FROM o.relation_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER location_relation_search_insert AFTER INSERT ON location REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION location_refresh_relation_search();--> statement-breakpoint
CREATE TRIGGER location_relation_search_update AFTER UPDATE ON location REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION location_refresh_relation_search();--> statement-breakpoint
CREATE TRIGGER location_relation_search_delete AFTER DELETE ON location REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION location_refresh_relation_search();--> statement-breakpoint
-- The relation overview's page and count. Row-level security costs a policy check per row (current_setting
-- calls) and keeps LIKE away from the trigram index, so, as relation_search_ids(), these run as their owner
-- and apply the tenant rule themselves: the current company, or every company in platform scope. The sort
-- column comes from a whitelist here as well as in the application.
CREATE FUNCTION relation_search_where(patterns text[], trashed boolean) RETURNS text LANGUAGE plpgsql STABLE
SET search_path = pg_catalog, public AS $$
DECLARE
  company integer := nullif(current_setting('app.company_id', true), '')::integer;
  all_companies boolean := coalesce(current_setting('app.all_companies', true), '') = 'on';
  conditions text := '';
  p text;
BEGIN
  IF company IS NULL AND NOT all_companies THEN RETURN 'false'; END IF;
  FOREACH p IN ARRAY coalesce(patterns, '{}') LOOP
    conditions := conditions || format(' AND r.search_text LIKE %L', p);
  END LOOP;
  RETURN format('%s AND r.deleted_at IS %s NULL%s',
    CASE WHEN all_companies THEN 'true' ELSE format('r.company_id = %s', company) END,
    CASE WHEN trashed THEN 'NOT' ELSE '' END, conditions);
END $$;--> statement-breakpoint
CREATE FUNCTION relation_page_ids(patterns text[], trashed boolean, sort_column text, descending boolean,
  max_rows integer, skip_rows integer)
RETURNS TABLE (id integer, n bigint) LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  direction text := CASE WHEN descending THEN 'DESC' ELSE 'ASC' END;
BEGIN
  IF sort_column NOT IN ('id', 'fullname', 'surname', 'email', 'main_city', 'created_at', 'updated_at', 'lead_source',
    'deleted_at') THEN
    RAISE EXCEPTION 'relation_page_ids: unknown sort column %', sort_column USING ERRCODE = '22023';
  END IF;
  RETURN QUERY EXECUTE format(
    'SELECT r.id, row_number() OVER () FROM (SELECT r.id FROM public.relation r WHERE %s ORDER BY r.%I %s, r.id %s LIMIT %s OFFSET %s) r',
    relation_search_where(patterns, trashed), sort_column, direction, direction, max_rows, skip_rows);
END $$;--> statement-breakpoint
CREATE FUNCTION relation_count(patterns text[], trashed boolean) RETURNS bigint
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  total bigint;
BEGIN
  EXECUTE format('SELECT count(*) FROM public.relation r WHERE %s', relation_search_where(patterns, trashed)) INTO total;
  RETURN total;
END $$;
