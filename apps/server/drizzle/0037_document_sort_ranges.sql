CREATE TABLE "document_sort_range" (
	"company_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"sort_key" varchar(20) NOT NULL,
	"lo_text" text DEFAULT '' NOT NULL,
	"lo_num" numeric DEFAULT '-Infinity' NOT NULL,
	"lo_time" timestamp with time zone DEFAULT '-infinity' NOT NULL,
	"lo_id" integer DEFAULT 0 NOT NULL,
	"status" varchar(20) NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_sort_range_pk" PRIMARY KEY("company_id","kind","sort_key","lo_text","lo_num","lo_time","lo_id","status")
);
--> statement-breakpoint
ALTER TABLE "document_sort_range" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sales_document" ADD COLUMN "sort_relation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_document" ADD COLUMN "sort_flow_number" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_document" ADD COLUMN "sort_amount" numeric DEFAULT '-Infinity' NOT NULL;--> statement-breakpoint
-- The copied sort values of existing documents (decision 022): the relation's name, the flow's number, the
-- invoice's billed amount.
UPDATE sales_document d SET sort_relation = lower(r.fullname) FROM relation r WHERE r.id = d.relation_id;--> statement-breakpoint
UPDATE sales_document d SET sort_flow_number = f.number FROM flow f WHERE f.id = d.flow_id;--> statement-breakpoint
UPDATE sales_document d SET sort_amount = i.billed_inc FROM invoice i WHERE i.id = d.id AND i.billed_inc IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sales_document_relation" ON "sales_document" USING btree ("relation_id");--> statement-breakpoint
CREATE INDEX "sales_document_range_number" ON "sales_document" USING btree ("company_id","kind",coalesce(number, -1) desc nulls last,"id" DESC NULLS LAST) WHERE not is_template and deleted_at is null;--> statement-breakpoint
CREATE INDEX "sales_document_range_send" ON "sales_document" USING btree ("company_id","kind",coalesce(date_send, '-infinity') desc nulls last,"id" DESC NULLS LAST) WHERE not is_template and deleted_at is null;--> statement-breakpoint
CREATE INDEX "sales_document_range_updated" ON "sales_document" USING btree ("company_id","kind","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not is_template and deleted_at is null;--> statement-breakpoint
CREATE INDEX "sales_document_range_relation" ON "sales_document" USING btree ("company_id","kind","sort_relation" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not is_template and deleted_at is null;--> statement-breakpoint
CREATE INDEX "sales_document_range_flow" ON "sales_document" USING btree ("company_id","kind","sort_flow_number" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not is_template and deleted_at is null;--> statement-breakpoint
CREATE INDEX "sales_document_range_amount" ON "sales_document" USING btree ("company_id","kind","sort_amount" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not is_template and deleted_at is null;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "document_sort_range" AS PERMISSIVE FOR ALL TO public USING (company_id = nullif(current_setting('app.company_id', true), '')::integer or coalesce(current_setting('app.all_companies', true), '') = 'on') WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer or coalesce(current_setting('app.all_companies', true), '') = 'on');--> statement-breakpoint
-- Sort ranges of the invoice overview (decision 022; the flow list's are decision 008, migration 0008).
-- 1. The copied sort values: set on insert and when the relation or flow changes, and when the relation is
--    renamed, the flow renumbered or the invoice's billed amount frozen or changed.
CREATE FUNCTION document_sort_values() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.relation_id IS DISTINCT FROM OLD.relation_id THEN
    NEW.sort_relation := coalesce((SELECT lower(r.fullname) FROM public.relation r WHERE r.id = NEW.relation_id), '');
  END IF;
  IF TG_OP = 'INSERT' OR NEW.flow_id IS DISTINCT FROM OLD.flow_id THEN
    NEW.sort_flow_number := coalesce((SELECT f.number FROM public.flow f WHERE f.id = NEW.flow_id), -1);
  END IF;
  IF TG_OP = 'INSERT' THEN
    NEW.sort_amount := coalesce((SELECT i.billed_inc FROM public.invoice i WHERE i.id = NEW.id), '-Infinity');
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER document_sort_values BEFORE INSERT OR UPDATE OF relation_id, flow_id ON sales_document
  FOR EACH ROW EXECUTE FUNCTION document_sort_values();
--> statement-breakpoint
CREATE FUNCTION relation_sort_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.sales_document d SET sort_relation = lower(NEW.fullname)
  WHERE d.relation_id = NEW.id AND d.sort_relation IS DISTINCT FROM lower(NEW.fullname);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER relation_sort_name AFTER UPDATE ON relation FOR EACH ROW
  WHEN (OLD.fullname IS DISTINCT FROM NEW.fullname) EXECUTE FUNCTION relation_sort_name();
--> statement-breakpoint
CREATE FUNCTION flow_sort_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.sales_document d SET sort_flow_number = NEW.number
  WHERE d.flow_id = NEW.id AND d.sort_flow_number IS DISTINCT FROM NEW.number;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER flow_sort_number AFTER UPDATE OF number ON flow FOR EACH ROW
  WHEN (OLD.number IS DISTINCT FROM NEW.number) EXECUTE FUNCTION flow_sort_number();
--> statement-breakpoint
CREATE FUNCTION invoice_sort_amount() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only when an amount differs (the owed and day-total triggers update invoices a row at a time).
  IF NOT EXISTS (SELECT 1 FROM new_rows w JOIN public.sales_document d ON d.id = w.id
      WHERE d.sort_amount IS DISTINCT FROM coalesce(w.billed_inc, '-Infinity')) THEN
    RETURN NULL;
  END IF;
  UPDATE public.sales_document d SET sort_amount = coalesce(w.billed_inc, '-Infinity')
  FROM new_rows w WHERE d.id = w.id AND d.sort_amount IS DISTINCT FROM coalesce(w.billed_inc, '-Infinity');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_sort_amount_insert AFTER INSERT ON invoice REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_sort_amount();
--> statement-breakpoint
CREATE TRIGGER invoice_sort_amount_update AFTER UPDATE ON invoice REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_sort_amount();
--> statement-breakpoint
-- 2. The counts follow every live invoice (not a template, not deleted), set-based per statement: each
--    old row takes one off, each new row adds one, per sort key, in the range its value falls in (the last
--    range of the key whose start (lo_text, lo_num, lo_time, lo_id) is not after (value, id); the least
--    start when there is none). An unchanged key's -1 and +1 meet in the same range and cancel, so only
--    what moved is written, in key order. A key's value uses one of lo_text, lo_num, lo_time (the others at
--    their least); empty values sort first (number -1, no date '-infinity', no relation '', no flow -1, no
--    billed amount '-Infinity'), the same expressions as the indexes and document-sort-ranges.ts. Writers
--    hold a shared advisory lock on their company (class 7302) while document-sort-ranges.ts holds it
--    exclusively to split or merge ranges, so a count can never land in a range that is being replaced.
--    `app.document_sort_range_off` is set only by document_sort_range_reset, which recounts everything.
CREATE FUNCTION document_sort_range_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys constant text := $k$ CROSS JOIN LATERAL (VALUES
    ('id', ''::text, '-Infinity'::numeric, '-infinity'::timestamptz),
    ('number', '', coalesce(r.number, -1)::numeric, '-infinity'),
    ('title', lower(r.title), '-Infinity', '-infinity'),
    ('status', r.status::text, '-Infinity', '-infinity'),
    ('date_send', '', '-Infinity', coalesce(r.date_send, '-infinity')),
    ('updated', '', '-Infinity', r.updated_at),
    ('relation', r.sort_relation, '-Infinity', '-infinity'),
    ('flow', '', r.sort_flow_number::numeric, '-infinity'),
    ('amount', '', r.sort_amount, '-infinity')) AS k(sort_key, tv, nv, tm) $k$;
  live constant text := $l$ WHERE r.kind = 'invoice' AND NOT r.is_template AND r.deleted_at IS NULL $l$;
  part constant text := 'SELECT r.company_id, r.kind, r.id, r.status, k.sort_key, k.tv, k.nv, k.tm, %s AS n FROM %I r';
  source text;
  c integer;
BEGIN
  IF coalesce(current_setting('app.document_sort_range_off', true), '') = 'on' THEN RETURN NULL; END IF;
  -- Most statements touch no invoice (other kinds, or an update of nothing from another trigger): done.
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows r WHERE r.kind = 'invoice') THEN RETURN NULL; END IF;
  ELSIF NOT EXISTS (SELECT 1 FROM new_rows r WHERE r.kind = 'invoice') THEN
    IF TG_OP = 'INSERT' THEN RETURN NULL; END IF;
    IF NOT EXISTS (SELECT 1 FROM old_rows r WHERE r.kind = 'invoice') THEN RETURN NULL; END IF;
  END IF;
  IF TG_OP = 'INSERT' THEN
    source := format(part, 1, 'new_rows') || keys || live;
  ELSIF TG_OP = 'DELETE' THEN
    source := format(part, -1, 'old_rows') || keys || live;
  ELSE
    source := format(part, 1, 'new_rows') || keys || live
      || ' UNION ALL ' || format(part, -1, 'old_rows') || keys || live;
  END IF;
  FOR c IN EXECUTE 'SELECT DISTINCT s.company_id FROM (' || source || ') s ORDER BY 1' LOOP
    PERFORM pg_advisory_xact_lock_shared(7302, c);
  END LOOP;
  EXECUTE 'INSERT INTO public.document_sort_range AS t (company_id, kind, sort_key, lo_text, lo_num, lo_time, lo_id, status, n) '
    || 'SELECT d.company_id, d.kind, d.sort_key, coalesce(g.lo_text, ''''), coalesce(g.lo_num, ''-Infinity''), '
    || 'coalesce(g.lo_time, ''-infinity''), coalesce(g.lo_id, 0), d.status, sum(d.n)::int FROM (' || source || ') d '
    || 'LEFT JOIN LATERAL (SELECT s.lo_text, s.lo_num, s.lo_time, s.lo_id FROM public.document_sort_range s '
    || 'WHERE s.company_id = d.company_id AND s.kind = d.kind AND s.sort_key = d.sort_key '
    || 'AND (s.lo_text, s.lo_num, s.lo_time, s.lo_id) <= (d.tv, d.nv, d.tm, d.id) '
    || 'ORDER BY s.lo_text DESC, s.lo_num DESC, s.lo_time DESC, s.lo_id DESC LIMIT 1) g ON true '
    || 'GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8 '
    || 'ON CONFLICT (company_id, kind, sort_key, lo_text, lo_num, lo_time, lo_id, status) '
    || 'DO UPDATE SET n = t.n + excluded.n';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER document_sort_range_insert AFTER INSERT ON sales_document REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION document_sort_range_apply();
--> statement-breakpoint
CREATE TRIGGER document_sort_range_update AFTER UPDATE ON sales_document
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION document_sort_range_apply();
--> statement-breakpoint
CREATE TRIGGER document_sort_range_delete AFTER DELETE ON sales_document REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION document_sort_range_apply();
--> statement-breakpoint
-- 3. A company's copied sort values and ranges recounted from scratch: one range per key, which the first
--    read splits (document-sort-ranges.ts). For this migration and after a bulk load.
CREATE FUNCTION document_sort_range_reset(company integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7302, company);
  PERFORM set_config('app.document_sort_range_off', 'on', true);
  UPDATE public.sales_document d SET sort_relation = x.rel, sort_flow_number = x.fl, sort_amount = x.amt
  FROM (SELECT d2.id, coalesce(lower(r.fullname), '') AS rel, coalesce(f.number, -1) AS fl,
      coalesce(i.billed_inc, '-Infinity') AS amt
    FROM public.sales_document d2 LEFT JOIN public.relation r ON r.id = d2.relation_id
    LEFT JOIN public.flow f ON f.id = d2.flow_id LEFT JOIN public.invoice i ON i.id = d2.id
    WHERE d2.company_id = company) x
  WHERE d.id = x.id AND (d.sort_relation, d.sort_flow_number, d.sort_amount) IS DISTINCT FROM (x.rel, x.fl, x.amt);
  PERFORM set_config('app.document_sort_range_off', '', true);
  DELETE FROM public.document_sort_range r WHERE r.company_id = company;
  INSERT INTO public.document_sort_range (company_id, kind, sort_key, status, n)
  SELECT d.company_id, d.kind, k.sort_key, d.status, count(*)::int FROM public.sales_document d
  CROSS JOIN (VALUES ('id'), ('number'), ('title'), ('status'), ('date_send'), ('updated'), ('relation'), ('flow'),
    ('amount')) AS k(sort_key)
  WHERE d.company_id = company AND d.kind = 'invoice' AND NOT d.is_template AND d.deleted_at IS NULL
  GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
SELECT set_config('app.all_companies', 'on', true);--> statement-breakpoint
SELECT document_sort_range_reset(c.id) FROM company c;--> statement-breakpoint
SELECT set_config('app.all_companies', '', true);--> statement-breakpoint
-- 4. Read-only view of the current company's documents for the range pages, as flow_read (migration 0005):
--    it runs with its owner's rights and applies the tenant rule itself, so the policy's per-row check and
--    its leakproof rules stay out of the index walk.
CREATE VIEW document_read AS
SELECT id, company_id, kind, status, number, title, date_send, updated_at, sort_relation, sort_flow_number,
  sort_amount, is_template, deleted_at
FROM sales_document WHERE company_id = nullif(current_setting('app.company_id', true), '')::integer
WITH CASCADED CHECK OPTION;
--> statement-breakpoint
-- 5. The overview's other sorts read the copied values on the document itself: the relation and flow sorts
--    are (name, id) and (flow number, id) on their indexes, so they no longer count each relation's
--    documents while skipping; a search's hits are sorted on them too (the search itself stays as in
--    migration 0035: the relation's name by trigram over the relations, then their documents).
-- A page of ids with the number of rows the list has (`total`: the tally's without a search, else the
-- search's hits counted in the same query). Every sort is (value, id): a column of the document, the copied
-- relation name or flow number, the invoice's billed amount (frozen at sending; drafts have none yet) or the
-- calculation's amount (other kinds). Ascending puts empty values first, descending last: each order is the
-- exact reverse of the other. Without a search, the date sort starts at the day the tally says the page is
-- on; other sorts skip along their index (the invoice overview reads deep pages of those through its sort
-- ranges instead, document-sort-ranges.ts).
CREATE OR REPLACE FUNCTION document_list_page(doc_kind text, doc_status text, pattern text, num integer, sort_key text,
  descending boolean, max_rows integer, skip_rows bigint) RETURNS TABLE (id integer, total bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  company integer := nullif(current_setting('app.company_id', true), '')::integer;
  dir text := CASE WHEN descending THEN 'DESC NULLS LAST' ELSE 'ASC NULLS FIRST' END;
  src text;
  from_sql text;
  order_sql text;
  bound text;
  start_day date;
  day_n bigint;
  n bigint;
  all_rows bigint;
  rows_left integer := max_rows;
  skip_left bigint := skip_rows;
  day_found boolean := false;
BEGIN
  IF company IS NULL OR max_rows <= 0 THEN RETURN; END IF;
  src := document_list_source(doc_kind, doc_status, pattern, num, 'd.id' || CASE sort_key
    WHEN 'number' THEN ', d.number' WHEN 'title' THEN ', d.title' WHEN 'status' THEN ', d.status'
    WHEN 'documentdate' THEN ', d.documentdate' WHEN 'date_send' THEN ', d.date_send'
    WHEN 'updated' THEN ', d.updated_at' WHEN 'relation' THEN ', d.sort_relation'
    WHEN 'flow' THEN ', d.sort_flow_number'
    WHEN 'amount' THEN CASE WHEN doc_kind = 'invoice' THEN ', d.sort_amount' ELSE ', d.calculation_id' END
    ELSE '' END);
  from_sql := src;
  order_sql := CASE sort_key
    WHEN 'number' THEN 'd.number' WHEN 'title' THEN 'lower(d.title)' WHEN 'status' THEN 'd.status'
    WHEN 'documentdate' THEN 'd.documentdate' WHEN 'date_send' THEN 'd.date_send'
    WHEN 'updated' THEN 'd.updated_at' WHEN 'relation' THEN 'd.sort_relation' WHEN 'flow' THEN 'd.sort_flow_number'
    WHEN 'id' THEN 'd.id' END;
  IF sort_key = 'amount' AND doc_kind = 'invoice' THEN
    order_sql := 'd.sort_amount';
  ELSIF sort_key = 'amount' THEN
    from_sql := format('%s LEFT JOIN public.calculation c ON c.id = d.calculation_id', src);
    order_sql := 'c.amount_inc_vat';
  END IF;
  IF order_sql IS NULL THEN
    RAISE EXCEPTION 'document_list_page: unknown sort %', sort_key USING ERRCODE = '22023';
  END IF;
  IF pattern IS NOT NULL THEN
    -- A search: its hits (materialised: never walked along a sort index) are counted once and only the
    -- page's first rows sorted (the overview asks for at most the first 250 hits: a top-N sort).
    RETURN QUERY EXECUTE format('WITH h AS MATERIALIZED (SELECT * FROM %s)
      SELECT d.id, (SELECT count(*) FROM h) FROM h d%s ORDER BY %s %s, d.id %s LIMIT %s OFFSET %s',
      src, substr(from_sql, length(src) + 1), order_sql, dir, dir, max_rows, skip_rows);
    RETURN;
  END IF;
  all_rows := document_list_count(doc_kind, doc_status, NULL, NULL);
  IF sort_key = 'documentdate' THEN
    -- The day the page starts on, from the tally ('-infinity': no date, first ascending, last descending).
    FOR start_day, day_n IN EXECUTE format(
      'SELECT t.day, sum(t.n) FROM public.document_tally t WHERE t.company_id = %s AND t.kind = %L%s
       GROUP BY t.day HAVING sum(t.n) > 0 ORDER BY t.day %s', company, doc_kind,
      CASE WHEN doc_status IS NULL THEN '' ELSE format(' AND t.status = %L', doc_status) END, dir)
    LOOP
      day_found := day_n > skip_left;
      EXIT WHEN day_found;
      skip_left := skip_left - day_n;
    END LOOP;
    IF NOT day_found THEN RETURN; END IF;
    bound := CASE
      WHEN start_day = '-infinity' THEN 'd.documentdate IS NULL'
      WHEN descending THEN format('d.documentdate <= %L', start_day)
      ELSE format('d.documentdate >= %L', start_day) END;
    RETURN QUERY EXECUTE format('SELECT d.id, %s::bigint FROM %s WHERE %s ORDER BY d.documentdate %s, d.id %s LIMIT %s OFFSET %s',
      all_rows, src, bound, dir, dir, rows_left, skip_left);
    GET DIAGNOSTICS n = ROW_COUNT;
    IF n < rows_left AND descending AND start_day <> '-infinity' THEN
      -- Descending, the documents without a date follow the dated ones.
      RETURN QUERY EXECUTE format('SELECT d.id, %s::bigint FROM %s WHERE d.documentdate IS NULL ORDER BY d.id DESC LIMIT %s',
        all_rows, src, rows_left - n);
    ELSIF n < rows_left AND NOT descending AND start_day = '-infinity' THEN
      RETURN QUERY EXECUTE format('SELECT d.id, %s::bigint FROM %s WHERE d.documentdate IS NOT NULL ORDER BY d.documentdate, d.id LIMIT %s',
        all_rows, src, rows_left - n);
    END IF;
    RETURN;
  END IF;
  RETURN QUERY EXECUTE format('SELECT d.id, %s::bigint FROM %s ORDER BY %s %s, d.id %s LIMIT %s OFFSET %s',
    all_rows, from_sql, order_sql, dir, dir, max_rows, skip_rows);
END $$;
