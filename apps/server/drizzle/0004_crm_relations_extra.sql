ALTER TABLE "relation" ADD COLUMN "flow_id" integer;--> statement-breakpoint
ALTER TABLE "relation" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "relation" ADD COLUMN "main_city" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "relation_search_trgm" ON "relation" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "relation_company_created" ON "relation" USING btree ("company_id","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "relation_company_updated" ON "relation" USING btree ("company_id","updated_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "relation_company_fullname" ON "relation" USING btree ("company_id","fullname","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "relation_company_email" ON "relation" USING btree ("company_id","email","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "relation_company_city" ON "relation" USING btree ("company_id","main_city","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "relation_company_leadsource" ON "relation" USING btree ("company_id","lead_source","id") WHERE deleted_at is null;--> statement-breakpoint
-- Search text and main city of a relation: its name, e-mail and main location (the first by is_main desc, id,
-- as the flow search text uses). Lower case with a leading space, so '% jan%' is a word-prefix match.
CREATE FUNCTION relation_search_document(p_id integer, p_name text, p_nameprefix text, p_surname text, p_email text,
  OUT search_text text, OUT main_city text) LANGUAGE sql STABLE AS $$
  SELECT ' ' || lower(concat_ws(' ', nullif(p_name, ''), nullif(p_nameprefix, ''), nullif(p_surname, ''), nullif(p_email, ''),
      nullif(l.address, ''), nullif(l.number || l.number_addition, ''), nullif(l.postcode, ''),
      nullif(replace(l.postcode, ' ', ''), l.postcode), nullif(l.city, ''))),
    coalesce(l.city, '')
  FROM (SELECT 1) AS one
  LEFT JOIN LATERAL (
    SELECT address, number, number_addition, postcode, city FROM location
    WHERE relation_id = p_id ORDER BY is_main DESC, id LIMIT 1
  ) l ON true
$$;--> statement-breakpoint
CREATE FUNCTION relation_search_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT d.search_text, d.main_city INTO NEW.search_text, NEW.main_city
  FROM relation_search_document(NEW.id, NEW.name, NEW.nameprefix, NEW.surname, NEW.email) d;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER relation_search_text BEFORE INSERT OR UPDATE OF name, nameprefix, surname, email ON relation
  FOR EACH ROW EXECUTE FUNCTION relation_search_before_write();--> statement-breakpoint
CREATE FUNCTION relation_search_refresh(p_id integer) RETURNS void LANGUAGE sql AS $$
  UPDATE relation r SET (search_text, main_city) = (
    SELECT d.search_text, d.main_city FROM relation_search_document(r.id, r.name, r.nameprefix, r.surname, r.email) d)
  WHERE r.id = p_id
$$;--> statement-breakpoint
CREATE FUNCTION location_refresh_relation_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.relation_id IS NOT NULL THEN PERFORM relation_search_refresh(OLD.relation_id); END IF;
  IF TG_OP <> 'DELETE' AND NEW.relation_id IS NOT NULL
     AND (TG_OP = 'INSERT' OR NEW.relation_id IS DISTINCT FROM OLD.relation_id) THEN
    PERFORM relation_search_refresh(NEW.relation_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER location_relation_search AFTER INSERT OR DELETE OR UPDATE OF relation_id, address, number,
  number_addition, postcode, city, is_main ON location
  FOR EACH ROW EXECUTE FUNCTION location_refresh_relation_search();--> statement-breakpoint
-- Text search over relations. ILIKE/LIKE are not leakproof, so under row-level security PostgreSQL may not
-- use the trigram index for them and scans every row. This function runs as its owner (the migration user,
-- normally a superuser that RLS does not apply to) and applies the tenant rule itself, exactly as the policy
-- does: the current company, or every company in platform scope. Patterns are LIKE patterns on search_text
-- (lower case); all must match. When the owner is subject to RLS, the policy still applies: slower, same rows.
CREATE FUNCTION relation_search_ids(patterns text[], trashed boolean, max_rows integer DEFAULT NULL)
RETURNS SETOF integer LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  company integer := nullif(current_setting('app.company_id', true), '')::integer;
  all_companies boolean := coalesce(current_setting('app.all_companies', true), '') = 'on';
  conditions text := '';
  p text;
BEGIN
  IF company IS NULL AND NOT all_companies THEN RETURN; END IF;
  FOREACH p IN ARRAY coalesce(patterns, '{}') LOOP
    conditions := conditions || format(' AND r.search_text LIKE %L', p);
  END LOOP;
  RETURN QUERY EXECUTE format('SELECT r.id FROM public.relation r WHERE %s AND r.deleted_at IS %s NULL%s%s',
    CASE WHEN all_companies THEN 'true' ELSE format('r.company_id = %s', company) END,
    CASE WHEN trashed THEN 'NOT' ELSE '' END,
    conditions,
    CASE WHEN max_rows IS NULL THEN '' ELSE format(' LIMIT %s', max_rows) END);
END $$;--> statement-breakpoint
-- Existing relations get their search text; platform scope for this transaction, in case RLS applies to the owner.
SELECT set_config('app.all_companies', 'on', true);--> statement-breakpoint
UPDATE relation SET name = name;--> statement-breakpoint
SELECT set_config('app.all_companies', '', true);
