CREATE TABLE "search_entry" (
	"company_id" integer DEFAULT nullif(current_setting('app.company_id', true), '')::integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"entity_id" integer NOT NULL,
	"flow_id" integer,
	"relation_id" integer,
	"organization_id" integer,
	"user_id" integer,
	"title" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('dutch'::regconfig, "search_entry"."title"), 'A') || setweight(to_tsvector('dutch'::regconfig, regexp_replace("search_entry"."body", '(\d{4}) ([A-Za-z]{2})(\W|$)', '\1\2 \1 \2\3', 'g')), 'B')) STORED NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_entry_pk" PRIMARY KEY("company_id","kind","entity_id")
);
--> statement-breakpoint
ALTER TABLE "search_entry" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "search_entry" ADD CONSTRAINT "search_entry_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_entry_tsv" ON "search_entry" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "search_entry_title_trgm" ON "search_entry" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_entry_entity" ON "search_entry" USING btree ("kind","entity_id");--> statement-breakpoint
CREATE INDEX "search_entry_flow" ON "search_entry" USING btree ("flow_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "search_entry" AS PERMISSIVE FOR ALL TO public USING (company_id = nullif(current_setting('app.company_id', true), '')::integer or coalesce(current_setting('app.all_companies', true), '') = 'on') WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer or coalesce(current_setting('app.all_companies', true), '') = 'on');--> statement-breakpoint
-- Decision 055: one search over a case file. Each searchable row has an entry in search_entry, written by
-- the triggers below in the transaction of the change (so the index never disagrees with what it describes,
-- whichever code path wrote the row); search_refresh_<kind>(ids) writes or removes the entries of those ids,
-- search_rebuild_chunk() writes a company's entries again in steps (npm run search:rebuild).
SELECT set_config('app.all_companies', 'on', true);--> statement-breakpoint
CREATE FUNCTION search_refresh_flow(ids integer[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  DELETE FROM public.search_entry e WHERE e.kind = 'flow' AND e.entity_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM public.flow f WHERE f.id = e.entity_id AND f.deleted_at IS NULL);
  INSERT INTO public.search_entry AS e (company_id, kind, entity_id, flow_id, relation_id, organization_id, user_id, title, body, updated_at)
  SELECT f.company_id, 'flow', f.id, f.id, f.relation_id, r.organization_id, NULL::integer, f.relation_fullname,
    left(concat_ws(' ', f.number::text, nullif(f.description, ''), r.email, r.phone, r.mobile, concat_ws(' ', nullif(l.address, ''), nullif(l.number || l.number_addition, ''), nullif(l.postcode, ''), nullif(l.city, ''))), 20000), f.updated_at
  FROM public.flow f JOIN public.relation r ON r.id = f.relation_id
  LEFT JOIN public.location l ON l.id = coalesce(f.location_id,
    (SELECT lo.id FROM public.location lo WHERE lo.relation_id = r.id ORDER BY lo.is_main DESC, lo.id LIMIT 1))
  WHERE f.id = ANY(ids) AND f.deleted_at IS NULL
  ON CONFLICT (company_id, kind, entity_id) DO UPDATE SET flow_id = excluded.flow_id, relation_id = excluded.relation_id, organization_id = excluded.organization_id, user_id = excluded.user_id, title = excluded.title, body = excluded.body, updated_at = excluded.updated_at
    WHERE (e.title, e.body, e.flow_id, e.relation_id, e.organization_id, e.user_id)
      IS DISTINCT FROM (excluded.title, excluded.body, excluded.flow_id, excluded.relation_id, excluded.organization_id, excluded.user_id);
END $$;--> statement-breakpoint
CREATE FUNCTION search_refresh_relation(ids integer[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  DELETE FROM public.search_entry e WHERE e.kind = 'relation' AND e.entity_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM public.relation r WHERE r.id = e.entity_id AND r.deleted_at IS NULL);
  INSERT INTO public.search_entry AS e (company_id, kind, entity_id, flow_id, relation_id, organization_id, user_id, title, body, updated_at)
  SELECT r.company_id, 'relation', r.id, NULL::integer, r.id, r.organization_id, NULL::integer, r.fullname,
    concat_ws(' ', nullif(r.email, ''), nullif(r.phone, ''), nullif(r.mobile, ''), concat_ws(' ', nullif(l.address, ''), nullif(l.number || l.number_addition, ''), nullif(l.postcode, ''), nullif(l.city, ''))), r.updated_at
  FROM public.relation r
  LEFT JOIN LATERAL (SELECT * FROM public.location lo WHERE lo.relation_id = r.id ORDER BY lo.is_main DESC, lo.id LIMIT 1) l ON true
  WHERE r.id = ANY(ids) AND r.deleted_at IS NULL
  ON CONFLICT (company_id, kind, entity_id) DO UPDATE SET flow_id = excluded.flow_id, relation_id = excluded.relation_id, organization_id = excluded.organization_id, user_id = excluded.user_id, title = excluded.title, body = excluded.body, updated_at = excluded.updated_at
    WHERE (e.title, e.body, e.flow_id, e.relation_id, e.organization_id, e.user_id)
      IS DISTINCT FROM (excluded.title, excluded.body, excluded.flow_id, excluded.relation_id, excluded.organization_id, excluded.user_id);
END $$;--> statement-breakpoint
CREATE FUNCTION search_refresh_organization(ids integer[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  DELETE FROM public.search_entry e WHERE e.kind = 'organization' AND e.entity_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM public.organization o WHERE o.id = e.entity_id AND o.deleted_at IS NULL);
  INSERT INTO public.search_entry AS e (company_id, kind, entity_id, flow_id, relation_id, organization_id, user_id, title, body, updated_at)
  SELECT o.company_id, 'organization', o.id, NULL::integer, NULL::integer, o.id, NULL::integer, o.name,
    concat_ws(' ', nullif(o.email, ''), nullif(o.phone, ''), nullif(o.coc_number, ''), nullif(o.vat_number, ''), concat_ws(' ', nullif(l.address, ''), nullif(l.number || l.number_addition, ''), nullif(l.postcode, ''), nullif(l.city, ''))), o.updated_at
  FROM public.organization o
  LEFT JOIN LATERAL (SELECT * FROM public.location lo WHERE lo.organization_id = o.id ORDER BY lo.is_main DESC, lo.id LIMIT 1) l ON true
  WHERE o.id = ANY(ids) AND o.deleted_at IS NULL
  ON CONFLICT (company_id, kind, entity_id) DO UPDATE SET flow_id = excluded.flow_id, relation_id = excluded.relation_id, organization_id = excluded.organization_id, user_id = excluded.user_id, title = excluded.title, body = excluded.body, updated_at = excluded.updated_at
    WHERE (e.title, e.body, e.flow_id, e.relation_id, e.organization_id, e.user_id)
      IS DISTINCT FROM (excluded.title, excluded.body, excluded.flow_id, excluded.relation_id, excluded.organization_id, excluded.user_id);
END $$;--> statement-breakpoint
CREATE FUNCTION search_refresh_note(ids integer[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  DELETE FROM public.search_entry e WHERE e.kind = 'note' AND e.entity_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM public.note n WHERE n.id = e.entity_id);
  INSERT INTO public.search_entry AS e (company_id, kind, entity_id, flow_id, relation_id, organization_id, user_id, title, body, updated_at)
  SELECT n.company_id, 'note', n.id, n.flow_id, n.relation_id, n.organization_id, NULL::integer, '',
    left(n.content, 20000), n.updated_at
  FROM public.note n WHERE n.id = ANY(ids)
  ON CONFLICT (company_id, kind, entity_id) DO UPDATE SET flow_id = excluded.flow_id, relation_id = excluded.relation_id, organization_id = excluded.organization_id, user_id = excluded.user_id, title = excluded.title, body = excluded.body, updated_at = excluded.updated_at
    WHERE (e.title, e.body, e.flow_id, e.relation_id, e.organization_id, e.user_id)
      IS DISTINCT FROM (excluded.title, excluded.body, excluded.flow_id, excluded.relation_id, excluded.organization_id, excluded.user_id);
END $$;--> statement-breakpoint
CREATE FUNCTION search_refresh_message(ids integer[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  DELETE FROM public.search_entry e WHERE e.kind = 'message' AND e.entity_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM public.message m WHERE m.id = e.entity_id);
  INSERT INTO public.search_entry AS e (company_id, kind, entity_id, flow_id, relation_id, organization_id, user_id, title, body, updated_at)
  SELECT m.company_id, 'message', m.id, m.flow_id, m.relation_id, NULL::integer, NULL::integer, '',
    left(m.content, 20000), m.updated_at
  FROM public.message m WHERE m.id = ANY(ids)
  ON CONFLICT (company_id, kind, entity_id) DO UPDATE SET flow_id = excluded.flow_id, relation_id = excluded.relation_id, organization_id = excluded.organization_id, user_id = excluded.user_id, title = excluded.title, body = excluded.body, updated_at = excluded.updated_at
    WHERE (e.title, e.body, e.flow_id, e.relation_id, e.organization_id, e.user_id)
      IS DISTINCT FROM (excluded.title, excluded.body, excluded.flow_id, excluded.relation_id, excluded.organization_id, excluded.user_id);
END $$;--> statement-breakpoint
CREATE FUNCTION search_refresh_incident(ids integer[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  DELETE FROM public.search_entry e WHERE e.kind = 'incident' AND e.entity_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM public.incident i WHERE i.id = e.entity_id);
  INSERT INTO public.search_entry AS e (company_id, kind, entity_id, flow_id, relation_id, organization_id, user_id, title, body, updated_at)
  SELECT i.company_id, 'incident', i.id, i.flow_id, NULL::integer, NULL::integer, i.user_id, i.classification,
    left(concat_ws(' ', i.content, i.response, i.remarks), 20000), i.updated_at
  FROM public.incident i WHERE i.id = ANY(ids)
  ON CONFLICT (company_id, kind, entity_id) DO UPDATE SET flow_id = excluded.flow_id, relation_id = excluded.relation_id, organization_id = excluded.organization_id, user_id = excluded.user_id, title = excluded.title, body = excluded.body, updated_at = excluded.updated_at
    WHERE (e.title, e.body, e.flow_id, e.relation_id, e.organization_id, e.user_id)
      IS DISTINCT FROM (excluded.title, excluded.body, excluded.flow_id, excluded.relation_id, excluded.organization_id, excluded.user_id);
END $$;--> statement-breakpoint
CREATE FUNCTION search_refresh_flowdataitem(ids integer[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  DELETE FROM public.search_entry e WHERE e.kind = 'flowdataitem' AND e.entity_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM public.flow_data_item d WHERE d.id = e.entity_id);
  INSERT INTO public.search_entry AS e (company_id, kind, entity_id, flow_id, relation_id, organization_id, user_id, title, body, updated_at)
  SELECT d.company_id, 'flowdataitem', d.id, d.flow_id, NULL::integer, NULL::integer, NULL::integer, v.name,
    left(coalesce((SELECT string_agg(x #>> '{}', ' ')
      FROM jsonb_path_query(jsonb_build_array(d.values, d.locations), 'strict $.** ? (@.type() == "string" || @.type() == "number")') x), ''), 20000),
    d.updated_at
  FROM public.flow_data_item d JOIN public.vertical v ON v.id = d.vertical_id WHERE d.id = ANY(ids)
  ON CONFLICT (company_id, kind, entity_id) DO UPDATE SET flow_id = excluded.flow_id, relation_id = excluded.relation_id, organization_id = excluded.organization_id, user_id = excluded.user_id, title = excluded.title, body = excluded.body, updated_at = excluded.updated_at
    WHERE (e.title, e.body, e.flow_id, e.relation_id, e.organization_id, e.user_id)
      IS DISTINCT FROM (excluded.title, excluded.body, excluded.flow_id, excluded.relation_id, excluded.organization_id, excluded.user_id);
END $$;--> statement-breakpoint
CREATE FUNCTION search_refresh_sales_document(ids integer[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  DELETE FROM public.search_entry e WHERE e.kind IN ('quotation', 'confirmation', 'document', 'invoice') AND e.entity_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM public.sales_document s WHERE s.id = e.entity_id AND s.kind = e.kind AND NOT s.is_template AND s.deleted_at IS NULL);
  INSERT INTO public.search_entry AS e (company_id, kind, entity_id, flow_id, relation_id, organization_id, user_id, title, body, updated_at)
  SELECT s.company_id, s.kind, s.id, s.flow_id, s.relation_id, NULL::integer, NULL::integer, s.title,
    left(concat_ws(' ', s.number::text, s.subject, (SELECT string_agg(regexp_replace(regexp_replace(
        concat_ws(' ', w.stringcontent, w.textcontent, w.textcontent2, w.textcontent3), '<[^>]*>', ' ', 'g'), '&[a-z#0-9]+;|\{\{[^}]*\}\}|\{%[^%]*%\}', ' ', 'g'), ' '
        ORDER BY w."order") FROM public.document_widget w WHERE w.document_id = s.id AND NOT w.is_hidden)), 20000), s.updated_at
  FROM public.sales_document s
  WHERE s.id = ANY(ids) AND s.kind IN ('quotation', 'confirmation', 'document', 'invoice') AND NOT s.is_template AND s.deleted_at IS NULL
  ON CONFLICT (company_id, kind, entity_id) DO UPDATE SET flow_id = excluded.flow_id, relation_id = excluded.relation_id, organization_id = excluded.organization_id, user_id = excluded.user_id, title = excluded.title, body = excluded.body, updated_at = excluded.updated_at
    WHERE (e.title, e.body, e.flow_id, e.relation_id, e.organization_id, e.user_id)
      IS DISTINCT FROM (excluded.title, excluded.body, excluded.flow_id, excluded.relation_id, excluded.organization_id, excluded.user_id);
END $$;--> statement-breakpoint
CREATE FUNCTION search_refresh_task(ids integer[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  DELETE FROM public.search_entry e WHERE e.kind = 'task' AND e.entity_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM public.task t WHERE t.id = e.entity_id AND NOT t.is_template);
  INSERT INTO public.search_entry AS e (company_id, kind, entity_id, flow_id, relation_id, organization_id, user_id, title, body, updated_at)
  SELECT t.company_id, 'task', t.id, t.flow_id, NULL::integer, NULL::integer, NULL::integer, '',
    left(concat_ws(' ', t.description, t.location), 20000), t.updated_at
  FROM public.task t WHERE t.id = ANY(ids) AND NOT t.is_template
  ON CONFLICT (company_id, kind, entity_id) DO UPDATE SET flow_id = excluded.flow_id, relation_id = excluded.relation_id, organization_id = excluded.organization_id, user_id = excluded.user_id, title = excluded.title, body = excluded.body, updated_at = excluded.updated_at
    WHERE (e.title, e.body, e.flow_id, e.relation_id, e.organization_id, e.user_id)
      IS DISTINCT FROM (excluded.title, excluded.body, excluded.flow_id, excluded.relation_id, excluded.organization_id, excluded.user_id);
END $$;--> statement-breakpoint
CREATE FUNCTION search_refresh_agendaitem(ids integer[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  DELETE FROM public.search_entry e WHERE e.kind = 'agendaitem' AND e.entity_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM public.agenda_item a WHERE a.id = e.entity_id);
  INSERT INTO public.search_entry AS e (company_id, kind, entity_id, flow_id, relation_id, organization_id, user_id, title, body, updated_at)
  SELECT a.company_id, 'agendaitem', a.id, a.flow_id, a.relation_id, a.organization_id, NULL::integer, a.title,
    left(concat_ws(' ', a.description, a.location, a.attendees), 20000), a.updated_at
  FROM public.agenda_item a WHERE a.id = ANY(ids)
  ON CONFLICT (company_id, kind, entity_id) DO UPDATE SET flow_id = excluded.flow_id, relation_id = excluded.relation_id, organization_id = excluded.organization_id, user_id = excluded.user_id, title = excluded.title, body = excluded.body, updated_at = excluded.updated_at
    WHERE (e.title, e.body, e.flow_id, e.relation_id, e.organization_id, e.user_id)
      IS DISTINCT FROM (excluded.title, excluded.body, excluded.flow_id, excluded.relation_id, excluded.organization_id, excluded.user_id);
END $$;--> statement-breakpoint
-- The search's matches (decision 055). Row-level security would keep the text search and trigram operators
-- (not leakproof) away from their indexes, so, as relation_search_ids(), this runs as its owner and applies
-- the tenant rule itself. At most max_rows matches, scored, without the entries of a trashed flow; the caller
-- ranks, groups and pages them.
CREATE FUNCTION search_matches(q tsquery, names text, kinds text[], all_incidents boolean, me integer, max_rows integer)
RETURNS TABLE (kind varchar, entity_id integer, flow_id integer, relation_id integer, organization_id integer,
  title text, body text, updated_at timestamptz, score real)
-- ROWS: a few hundred matches is the usual answer; the planner then reads each hit's flow, relation and
-- message by key instead of hashing those tables whole.
LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 100 SET search_path = pg_catalog, public SET pg_trgm.word_similarity_threshold = 0.5 AS $$
DECLARE
  company integer := nullif(current_setting('app.company_id', true), '')::integer;
BEGIN
  IF company IS NULL THEN
    RETURN;
  END IF;
  -- The values written into the statement (EXECUTE): planned for them, so the text search's index is chosen
  -- by what is searched (a generic plan would scan the company's entries). Names are matched by similarity
  -- (typos) only when the words found nothing: the trigram index is costly for common letter groups.
  RETURN QUERY EXECUTE format($f$
    SELECT e.kind, e.entity_id, e.flow_id, e.relation_id, e.organization_id, e.title, e.body, e.updated_at,
      ts_rank_cd(e.tsv, %1$L::tsquery)
    FROM public.search_entry e
    WHERE e.company_id = %2$s AND e.kind = ANY(%3$L::text[]) AND e.tsv @@ %1$L::tsquery
      AND (e.kind <> 'incident' OR %4$L OR e.user_id IS NULL OR e.user_id = %5$s)
      AND (e.flow_id IS NULL OR EXISTS (SELECT 1 FROM public.flow f WHERE f.id = e.flow_id AND f.deleted_at IS NULL))
    LIMIT %6$s$f$,
    q::text, company, kinds, all_incidents, coalesce(me, 0), max_rows);
  IF FOUND OR names = '' THEN
    RETURN;
  END IF;
  RETURN QUERY EXECUTE format($f$
    SELECT e.kind, e.entity_id, e.flow_id, e.relation_id, e.organization_id, e.title, e.body, e.updated_at,
      word_similarity(%1$L, e.title)
    FROM public.search_entry e
    WHERE e.company_id = %2$s AND e.kind = ANY(%3$L::text[]) AND %1$L <%% e.title
      AND (e.kind <> 'incident' OR %4$L OR e.user_id IS NULL OR e.user_id = %5$s)
      AND (e.flow_id IS NULL OR EXISTS (SELECT 1 FROM public.flow f WHERE f.id = e.flow_id AND f.deleted_at IS NULL))
    LIMIT %6$s$f$,
    names, company, kinds, all_incidents, coalesce(me, 0), max_rows);
END $$;--> statement-breakpoint
-- The triggers of every source table: TG_ARGV[0] is the entries' refresh (search_refresh_<name>), TG_ARGV[1] the
-- column that holds the id to refresh (default id: a widget refreshes its document, a location its organization).
CREATE FUNCTION search_entry_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  col text := coalesce(TG_ARGV[1], 'id');
  ids integer[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' AND (to_jsonb(OLD) ->> col) IS NOT NULL THEN
    ids := ids || (to_jsonb(OLD) ->> col)::integer;
  END IF;
  IF TG_OP <> 'DELETE' AND (to_jsonb(NEW) ->> col) IS NOT NULL THEN
    ids := ids || (to_jsonb(NEW) ->> col)::integer;
  END IF;
  IF cardinality(ids) = 0 THEN
    RETURN NULL;
  END IF;
  -- Static calls (not EXECUTE): their plans are kept for the session.
  CASE TG_ARGV[0]
    WHEN 'flow' THEN PERFORM public.search_refresh_flow(ids);
    WHEN 'relation' THEN PERFORM public.search_refresh_relation(ids);
    WHEN 'organization' THEN PERFORM public.search_refresh_organization(ids);
    WHEN 'note' THEN PERFORM public.search_refresh_note(ids);
    WHEN 'message' THEN PERFORM public.search_refresh_message(ids);
    WHEN 'incident' THEN PERFORM public.search_refresh_incident(ids);
    WHEN 'flowdataitem' THEN PERFORM public.search_refresh_flowdataitem(ids);
    WHEN 'sales_document' THEN PERFORM public.search_refresh_sales_document(ids);
    WHEN 'task' THEN PERFORM public.search_refresh_task(ids);
    WHEN 'agendaitem' THEN PERFORM public.search_refresh_agendaitem(ids);
  END CASE;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Inserts and deletes are handled per statement, with the rows of the statement (a bulk insert or a
-- cascade writes its entries in one set-based refresh); updates per row, only when a searched column changed.
CREATE FUNCTION search_entries_inserted() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  EXECUTE format('SELECT public.search_refresh_%s(array(SELECT DISTINCT %I FROM new_rows WHERE %I IS NOT NULL))',
    TG_ARGV[0], coalesce(TG_ARGV[1], 'id'), coalesce(TG_ARGV[1], 'id'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_entries_deleted() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  EXECUTE format('SELECT public.search_refresh_%s(array(SELECT DISTINCT %I FROM old_rows WHERE %I IS NOT NULL))',
    TG_ARGV[0], coalesce(TG_ARGV[1], 'id'), coalesce(TG_ARGV[1], 'id'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_flow_flow_insert AFTER INSERT ON public.flow REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_inserted('flow');--> statement-breakpoint
CREATE TRIGGER search_flow_flow_delete AFTER DELETE ON public.flow REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_deleted('flow');--> statement-breakpoint
CREATE TRIGGER search_flow_flow_update AFTER UPDATE OF number, description, relation_id, location_id, search_text, relation_fullname, deleted_at ON public.flow
  FOR EACH ROW WHEN (OLD.number IS DISTINCT FROM NEW.number OR OLD.description IS DISTINCT FROM NEW.description OR OLD.relation_id IS DISTINCT FROM NEW.relation_id OR OLD.location_id IS DISTINCT FROM NEW.location_id OR OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.relation_fullname IS DISTINCT FROM NEW.relation_fullname OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at) EXECUTE FUNCTION search_entry_changed('flow');--> statement-breakpoint
CREATE TRIGGER search_relation_relation_insert AFTER INSERT ON public.relation REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_inserted('relation');--> statement-breakpoint
CREATE TRIGGER search_relation_relation_delete AFTER DELETE ON public.relation REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_deleted('relation');--> statement-breakpoint
CREATE TRIGGER search_relation_relation_update AFTER UPDATE OF name, nameprefix, surname, email, phone, mobile, search_text, organization_id, deleted_at ON public.relation
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.nameprefix IS DISTINCT FROM NEW.nameprefix OR OLD.surname IS DISTINCT FROM NEW.surname OR OLD.email IS DISTINCT FROM NEW.email OR OLD.phone IS DISTINCT FROM NEW.phone OR OLD.mobile IS DISTINCT FROM NEW.mobile OR OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.organization_id IS DISTINCT FROM NEW.organization_id OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at) EXECUTE FUNCTION search_entry_changed('relation');--> statement-breakpoint
CREATE TRIGGER search_organization_organization_insert AFTER INSERT ON public.organization REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_inserted('organization');--> statement-breakpoint
CREATE TRIGGER search_organization_organization_delete AFTER DELETE ON public.organization REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_deleted('organization');--> statement-breakpoint
CREATE TRIGGER search_organization_organization_update AFTER UPDATE OF name, email, phone, coc_number, vat_number, deleted_at ON public.organization
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email OR OLD.phone IS DISTINCT FROM NEW.phone OR OLD.coc_number IS DISTINCT FROM NEW.coc_number OR OLD.vat_number IS DISTINCT FROM NEW.vat_number OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at) EXECUTE FUNCTION search_entry_changed('organization');--> statement-breakpoint
CREATE TRIGGER search_location_organization_insert AFTER INSERT ON public.location REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_inserted('organization', 'organization_id');--> statement-breakpoint
CREATE TRIGGER search_location_organization_delete AFTER DELETE ON public.location REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_deleted('organization', 'organization_id');--> statement-breakpoint
CREATE TRIGGER search_location_organization_update AFTER UPDATE OF address, number, number_addition, postcode, city, is_main, organization_id ON public.location
  FOR EACH ROW WHEN (OLD.address IS DISTINCT FROM NEW.address OR OLD.number IS DISTINCT FROM NEW.number OR OLD.number_addition IS DISTINCT FROM NEW.number_addition OR OLD.postcode IS DISTINCT FROM NEW.postcode OR OLD.city IS DISTINCT FROM NEW.city OR OLD.is_main IS DISTINCT FROM NEW.is_main OR OLD.organization_id IS DISTINCT FROM NEW.organization_id) EXECUTE FUNCTION search_entry_changed('organization', 'organization_id');--> statement-breakpoint
CREATE TRIGGER search_note_note_insert AFTER INSERT ON public.note REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_inserted('note');--> statement-breakpoint
CREATE TRIGGER search_note_note_delete AFTER DELETE ON public.note REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_deleted('note');--> statement-breakpoint
CREATE TRIGGER search_note_note_update AFTER UPDATE OF content, flow_id, relation_id, organization_id ON public.note
  FOR EACH ROW WHEN (OLD.content IS DISTINCT FROM NEW.content OR OLD.flow_id IS DISTINCT FROM NEW.flow_id OR OLD.relation_id IS DISTINCT FROM NEW.relation_id OR OLD.organization_id IS DISTINCT FROM NEW.organization_id) EXECUTE FUNCTION search_entry_changed('note');--> statement-breakpoint
CREATE TRIGGER search_message_message_insert AFTER INSERT ON public.message REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_inserted('message');--> statement-breakpoint
CREATE TRIGGER search_message_message_delete AFTER DELETE ON public.message REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_deleted('message');--> statement-breakpoint
CREATE TRIGGER search_message_message_update AFTER UPDATE OF content, flow_id, relation_id ON public.message
  FOR EACH ROW WHEN (OLD.content IS DISTINCT FROM NEW.content OR OLD.flow_id IS DISTINCT FROM NEW.flow_id OR OLD.relation_id IS DISTINCT FROM NEW.relation_id) EXECUTE FUNCTION search_entry_changed('message');--> statement-breakpoint
CREATE TRIGGER search_incident_incident_insert AFTER INSERT ON public.incident REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_inserted('incident');--> statement-breakpoint
CREATE TRIGGER search_incident_incident_delete AFTER DELETE ON public.incident REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_deleted('incident');--> statement-breakpoint
CREATE TRIGGER search_incident_incident_update AFTER UPDATE OF content, response, remarks, classification, user_id, flow_id ON public.incident
  FOR EACH ROW WHEN (OLD.content IS DISTINCT FROM NEW.content OR OLD.response IS DISTINCT FROM NEW.response OR OLD.remarks IS DISTINCT FROM NEW.remarks OR OLD.classification IS DISTINCT FROM NEW.classification OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.flow_id IS DISTINCT FROM NEW.flow_id) EXECUTE FUNCTION search_entry_changed('incident');--> statement-breakpoint
CREATE TRIGGER search_flow_data_item_flowdataitem_insert AFTER INSERT ON public.flow_data_item REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_inserted('flowdataitem');--> statement-breakpoint
CREATE TRIGGER search_flow_data_item_flowdataitem_delete AFTER DELETE ON public.flow_data_item REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_deleted('flowdataitem');--> statement-breakpoint
CREATE TRIGGER search_flow_data_item_flowdataitem_update AFTER UPDATE OF values, locations, vertical_id, flow_id ON public.flow_data_item
  FOR EACH ROW WHEN (OLD.values IS DISTINCT FROM NEW.values OR OLD.locations IS DISTINCT FROM NEW.locations OR OLD.vertical_id IS DISTINCT FROM NEW.vertical_id OR OLD.flow_id IS DISTINCT FROM NEW.flow_id) EXECUTE FUNCTION search_entry_changed('flowdataitem');--> statement-breakpoint
CREATE TRIGGER search_sales_document_sales_document_insert AFTER INSERT ON public.sales_document REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_inserted('sales_document');--> statement-breakpoint
CREATE TRIGGER search_sales_document_sales_document_delete AFTER DELETE ON public.sales_document REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_deleted('sales_document');--> statement-breakpoint
CREATE TRIGGER search_sales_document_sales_document_update AFTER UPDATE OF kind, title, number, subject, is_template, deleted_at, flow_id, relation_id ON public.sales_document
  FOR EACH ROW WHEN (OLD.kind IS DISTINCT FROM NEW.kind OR OLD.title IS DISTINCT FROM NEW.title OR OLD.number IS DISTINCT FROM NEW.number OR OLD.subject IS DISTINCT FROM NEW.subject OR OLD.is_template IS DISTINCT FROM NEW.is_template OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.flow_id IS DISTINCT FROM NEW.flow_id OR OLD.relation_id IS DISTINCT FROM NEW.relation_id) EXECUTE FUNCTION search_entry_changed('sales_document');--> statement-breakpoint
CREATE TRIGGER search_document_widget_sales_document_insert AFTER INSERT ON public.document_widget REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_inserted('sales_document', 'document_id');--> statement-breakpoint
CREATE TRIGGER search_document_widget_sales_document_delete AFTER DELETE ON public.document_widget REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_deleted('sales_document', 'document_id');--> statement-breakpoint
CREATE TRIGGER search_document_widget_sales_document_update AFTER UPDATE OF stringcontent, textcontent, textcontent2, textcontent3, is_hidden ON public.document_widget
  FOR EACH ROW WHEN (OLD.stringcontent IS DISTINCT FROM NEW.stringcontent OR OLD.textcontent IS DISTINCT FROM NEW.textcontent OR OLD.textcontent2 IS DISTINCT FROM NEW.textcontent2 OR OLD.textcontent3 IS DISTINCT FROM NEW.textcontent3 OR OLD.is_hidden IS DISTINCT FROM NEW.is_hidden) EXECUTE FUNCTION search_entry_changed('sales_document', 'document_id');--> statement-breakpoint
CREATE TRIGGER search_task_task_insert AFTER INSERT ON public.task REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_inserted('task');--> statement-breakpoint
CREATE TRIGGER search_task_task_delete AFTER DELETE ON public.task REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_deleted('task');--> statement-breakpoint
CREATE TRIGGER search_task_task_update AFTER UPDATE OF description, location, is_template, flow_id ON public.task
  FOR EACH ROW WHEN (OLD.description IS DISTINCT FROM NEW.description OR OLD.location IS DISTINCT FROM NEW.location OR OLD.is_template IS DISTINCT FROM NEW.is_template OR OLD.flow_id IS DISTINCT FROM NEW.flow_id) EXECUTE FUNCTION search_entry_changed('task');--> statement-breakpoint
CREATE TRIGGER search_agenda_item_agendaitem_insert AFTER INSERT ON public.agenda_item REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_inserted('agendaitem');--> statement-breakpoint
CREATE TRIGGER search_agenda_item_agendaitem_delete AFTER DELETE ON public.agenda_item REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_deleted('agendaitem');--> statement-breakpoint
CREATE TRIGGER search_agenda_item_agendaitem_update AFTER UPDATE OF title, description, location, attendees, flow_id, relation_id, organization_id ON public.agenda_item
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.description IS DISTINCT FROM NEW.description OR OLD.location IS DISTINCT FROM NEW.location OR OLD.attendees IS DISTINCT FROM NEW.attendees OR OLD.flow_id IS DISTINCT FROM NEW.flow_id OR OLD.relation_id IS DISTINCT FROM NEW.relation_id OR OLD.organization_id IS DISTINCT FROM NEW.organization_id) EXECUTE FUNCTION search_entry_changed('agendaitem');--> statement-breakpoint
-- Writes the entries of one company's rows of one source with ids after after_id, at most size of them;
-- answers the last id written (NULL when none were left). npm run search:rebuild calls it until NULL.
CREATE FUNCTION search_rebuild_chunk(company integer, source text, after_id integer, size integer) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  tbl text := CASE source
    WHEN 'flow' THEN 'flow'
    WHEN 'relation' THEN 'relation'
    WHEN 'organization' THEN 'organization'
    WHEN 'note' THEN 'note'
    WHEN 'message' THEN 'message'
    WHEN 'incident' THEN 'incident'
    WHEN 'flowdataitem' THEN 'flow_data_item'
    WHEN 'sales_document' THEN 'sales_document'
    WHEN 'task' THEN 'task'
    WHEN 'agendaitem' THEN 'agenda_item'
  END;
  ids integer[];
BEGIN
  IF tbl IS NULL THEN
    RAISE EXCEPTION 'unknown search source %', source;
  END IF;
  EXECUTE format('SELECT array(SELECT id FROM public.%I WHERE company_id = $1 AND id > $2 ORDER BY id LIMIT $3)', tbl)
    INTO ids USING company, after_id, size;
  IF cardinality(ids) = 0 THEN
    RETURN NULL;
  END IF;
  EXECUTE format('SELECT public.search_refresh_%s($1)', source) USING ids;
  RETURN ids[cardinality(ids)];
END $$;--> statement-breakpoint
SELECT search_refresh_flow(array(SELECT id FROM public.flow));--> statement-breakpoint
SELECT search_refresh_relation(array(SELECT id FROM public.relation));--> statement-breakpoint
SELECT search_refresh_organization(array(SELECT id FROM public.organization));--> statement-breakpoint
SELECT search_refresh_note(array(SELECT id FROM public.note));--> statement-breakpoint
SELECT search_refresh_message(array(SELECT id FROM public.message));--> statement-breakpoint
SELECT search_refresh_incident(array(SELECT id FROM public.incident));--> statement-breakpoint
SELECT search_refresh_flowdataitem(array(SELECT id FROM public.flow_data_item));--> statement-breakpoint
SELECT search_refresh_sales_document(array(SELECT id FROM public.sales_document));--> statement-breakpoint
SELECT search_refresh_task(array(SELECT id FROM public.task));--> statement-breakpoint
SELECT search_refresh_agendaitem(array(SELECT id FROM public.agenda_item));
