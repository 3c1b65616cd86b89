-- Invoice overviews at 500,000 invoices (decision 022, docs/benchmarks/invoices.md).
--
-- 1. document_tally: live documents (not templates, not deleted) per company, kind, status and document
--    date ('-infinity' for none), kept by a row trigger. The old side only decrements an existing row, so
--    a company's cascading delete never inserts one; an update changes its two rows in key order, so two
--    opposite changes (sent to paid, paid back to sent) never wait for each other.
CREATE FUNCTION document_tally_add(company integer, doc_kind text, doc_status text, doc_day date, delta integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF delta > 0 THEN
    INSERT INTO public.document_tally AS t (company_id, kind, status, day, n)
    VALUES (company, doc_kind, doc_status, doc_day, delta)
    ON CONFLICT (company_id, kind, status, day) DO UPDATE SET n = t.n + delta;
  ELSE
    UPDATE public.document_tally t SET n = t.n + delta
    WHERE t.company_id = company AND t.kind = doc_kind AND t.status = doc_status AND t.day = doc_day;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION document_tally_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_live boolean := false;
  new_live boolean := false;
  old_day date;
  new_day date;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_live := NOT OLD.is_template AND OLD.deleted_at IS NULL;
    old_day := coalesce(OLD.documentdate, '-infinity'::date);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_live := NOT NEW.is_template AND NEW.deleted_at IS NULL;
    new_day := coalesce(NEW.documentdate, '-infinity'::date);
  END IF;
  IF old_live AND new_live AND (OLD.company_id, OLD.kind, OLD.status, old_day)
    = (NEW.company_id, NEW.kind, NEW.status, new_day) THEN
    RETURN NULL;
  END IF;
  IF new_live AND (NOT old_live
    OR (NEW.company_id, NEW.kind, NEW.status, new_day) < (OLD.company_id, OLD.kind, OLD.status, old_day)) THEN
    PERFORM public.document_tally_add(NEW.company_id, NEW.kind, NEW.status, new_day, 1);
    new_live := false;
  END IF;
  IF old_live THEN PERFORM public.document_tally_add(OLD.company_id, OLD.kind, OLD.status, old_day, -1); END IF;
  IF new_live THEN PERFORM public.document_tally_add(NEW.company_id, NEW.kind, NEW.status, new_day, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER document_tally_keep
  AFTER INSERT OR DELETE OR UPDATE OF company_id, kind, status, documentdate, is_template, deleted_at
  ON sales_document FOR EACH ROW EXECUTE FUNCTION document_tally_keep();
--> statement-breakpoint
INSERT INTO document_tally (company_id, kind, status, day, n)
SELECT company_id, kind, status, coalesce(documentdate, '-infinity'::date), count(*) FROM sales_document
WHERE NOT is_template AND deleted_at IS NULL
GROUP BY company_id, kind, status, coalesce(documentdate, '-infinity'::date);
--> statement-breakpoint
-- 2. invoice.owed_day / owed: what an invoice counts in the overdue overview (sent, billed > 0, not
--    settled by a sent credit invoice: its due date and billed amount), recomputed by triggers whenever
--    the invoice, its document or a credit invoice of it changes what decides that.
CREATE FUNCTION invoice_owed_refresh(invoice_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.invoice i SET owed_day = x.day, owed = x.amount
  FROM (
    SELECT CASE WHEN o.owes THEN d.enddate END AS day, CASE WHEN o.owes THEN ii.billed_inc END AS amount
    FROM public.invoice ii JOIN public.sales_document d ON d.id = ii.id
    CROSS JOIN LATERAL (SELECT d.kind = 'invoice' AND d.status = 'sent' AND NOT d.is_template
      AND d.deleted_at IS NULL AND d.enddate IS NOT NULL AND coalesce(ii.billed_inc, 0) > 0
      AND NOT EXISTS (SELECT 1 FROM public.invoice c JOIN public.sales_document cd ON cd.id = c.id
        WHERE c.credited_invoice_id = d.id AND cd.date_send IS NOT NULL AND cd.deleted_at IS NULL) AS owes) o
    WHERE ii.id = invoice_id) x
  WHERE i.id = invoice_id AND (i.owed_day, i.owed) IS DISTINCT FROM (x.day, x.amount);
END $$;
--> statement-breakpoint
CREATE FUNCTION invoice_owed_document() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  credited integer;
BEGIN
  PERFORM public.invoice_owed_refresh(NEW.id);
  SELECT i.credited_invoice_id INTO credited FROM public.invoice i WHERE i.id = NEW.id;
  IF credited IS NOT NULL THEN PERFORM public.invoice_owed_refresh(credited); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_owed_document AFTER UPDATE OF status, enddate, date_send, is_template, deleted_at
  ON sales_document FOR EACH ROW
  WHEN (NEW.kind = 'invoice' AND (OLD.status, OLD.enddate, OLD.date_send, OLD.is_template, OLD.deleted_at)
    IS DISTINCT FROM (NEW.status, NEW.enddate, NEW.date_send, NEW.is_template, NEW.deleted_at))
  EXECUTE FUNCTION invoice_owed_document();
--> statement-breakpoint
CREATE FUNCTION invoice_owed_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.invoice_owed_refresh(NEW.id);
  IF NEW.credited_invoice_id IS NOT NULL THEN PERFORM public.invoice_owed_refresh(NEW.credited_invoice_id); END IF;
  IF TG_OP = 'UPDATE' AND OLD.credited_invoice_id IS NOT NULL
    AND OLD.credited_invoice_id IS DISTINCT FROM NEW.credited_invoice_id THEN
    PERFORM public.invoice_owed_refresh(OLD.credited_invoice_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_owed_invoice AFTER INSERT OR UPDATE OF billed_inc, credited_invoice_id
  ON invoice FOR EACH ROW EXECUTE FUNCTION invoice_owed_invoice();
--> statement-breakpoint
UPDATE invoice i SET owed_day = d.enddate, owed = i.billed_inc
FROM sales_document d
WHERE d.id = i.id AND d.kind = 'invoice' AND d.status = 'sent' AND NOT d.is_template AND d.deleted_at IS NULL
  AND d.enddate IS NOT NULL AND i.billed_inc > 0
  AND NOT EXISTS (SELECT 1 FROM invoice c JOIN sales_document cd ON cd.id = c.id
    WHERE c.credited_invoice_id = d.id AND cd.date_send IS NOT NULL AND cd.deleted_at IS NULL);
--> statement-breakpoint
-- 3. invoice_day_total: the quarterly overview's sums per company and day of sending, kept by a row
--    trigger on invoice (the old side only subtracts from an existing row).
CREATE FUNCTION invoice_day_total_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.company_id = NEW.company_id
    AND (OLD.sent_day, OLD.billed_exc_0, OLD.billed_exc_6, OLD.billed_exc_9, OLD.billed_exc_21, OLD.billed_vat_6,
      OLD.billed_vat_9, OLD.billed_vat_21, OLD.billed_exc, OLD.billed_inc)
    IS NOT DISTINCT FROM (NEW.sent_day, NEW.billed_exc_0, NEW.billed_exc_6, NEW.billed_exc_9, NEW.billed_exc_21,
      NEW.billed_vat_6, NEW.billed_vat_9, NEW.billed_vat_21, NEW.billed_exc, NEW.billed_inc) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.sent_day IS NOT NULL THEN
    UPDATE public.invoice_day_total t SET invoices = t.invoices - 1,
      billed_exc_0 = t.billed_exc_0 - coalesce(OLD.billed_exc_0, 0),
      billed_exc_6 = t.billed_exc_6 - coalesce(OLD.billed_exc_6, 0),
      billed_exc_9 = t.billed_exc_9 - coalesce(OLD.billed_exc_9, 0),
      billed_exc_21 = t.billed_exc_21 - coalesce(OLD.billed_exc_21, 0),
      billed_vat_6 = t.billed_vat_6 - coalesce(OLD.billed_vat_6, 0),
      billed_vat_9 = t.billed_vat_9 - coalesce(OLD.billed_vat_9, 0),
      billed_vat_21 = t.billed_vat_21 - coalesce(OLD.billed_vat_21, 0),
      billed_exc = t.billed_exc - coalesce(OLD.billed_exc, 0),
      billed_inc = t.billed_inc - coalesce(OLD.billed_inc, 0)
    WHERE t.company_id = OLD.company_id AND t.day = OLD.sent_day;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.sent_day IS NOT NULL THEN
    INSERT INTO public.invoice_day_total AS t (company_id, day, invoices, billed_exc_0, billed_exc_6, billed_exc_9,
      billed_exc_21, billed_vat_6, billed_vat_9, billed_vat_21, billed_exc, billed_inc)
    VALUES (NEW.company_id, NEW.sent_day, 1, coalesce(NEW.billed_exc_0, 0), coalesce(NEW.billed_exc_6, 0),
      coalesce(NEW.billed_exc_9, 0), coalesce(NEW.billed_exc_21, 0), coalesce(NEW.billed_vat_6, 0),
      coalesce(NEW.billed_vat_9, 0), coalesce(NEW.billed_vat_21, 0), coalesce(NEW.billed_exc, 0),
      coalesce(NEW.billed_inc, 0))
    ON CONFLICT (company_id, day) DO UPDATE SET invoices = t.invoices + 1,
      billed_exc_0 = t.billed_exc_0 + excluded.billed_exc_0, billed_exc_6 = t.billed_exc_6 + excluded.billed_exc_6,
      billed_exc_9 = t.billed_exc_9 + excluded.billed_exc_9, billed_exc_21 = t.billed_exc_21 + excluded.billed_exc_21,
      billed_vat_6 = t.billed_vat_6 + excluded.billed_vat_6, billed_vat_9 = t.billed_vat_9 + excluded.billed_vat_9,
      billed_vat_21 = t.billed_vat_21 + excluded.billed_vat_21, billed_exc = t.billed_exc + excluded.billed_exc,
      billed_inc = t.billed_inc + excluded.billed_inc;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_day_total_keep AFTER INSERT OR DELETE OR UPDATE OF company_id, sent_day, billed_exc_0,
  billed_exc_6, billed_exc_9, billed_exc_21, billed_vat_6, billed_vat_9, billed_vat_21, billed_exc, billed_inc
  ON invoice FOR EACH ROW EXECUTE FUNCTION invoice_day_total_keep();
--> statement-breakpoint
INSERT INTO invoice_day_total (company_id, day, invoices, billed_exc_0, billed_exc_6, billed_exc_9, billed_exc_21,
  billed_vat_6, billed_vat_9, billed_vat_21, billed_exc, billed_inc)
SELECT company_id, sent_day, count(*), coalesce(sum(billed_exc_0), 0), coalesce(sum(billed_exc_6), 0),
  coalesce(sum(billed_exc_9), 0), coalesce(sum(billed_exc_21), 0), coalesce(sum(billed_vat_6), 0),
  coalesce(sum(billed_vat_9), 0), coalesce(sum(billed_vat_21), 0), coalesce(sum(billed_exc), 0),
  coalesce(sum(billed_inc), 0)
FROM invoice WHERE sent_day IS NOT NULL GROUP BY company_id, sent_day;
--> statement-breakpoint
-- 4. Pages and counts of the document overviews (every kind), as SECURITY DEFINER functions that apply
--    the tenant rule themselves, exactly as the policy does for a company (the company comes from the
--    session setting, never from an argument): the policy's check per row made counts and deep pages cost
--    hundreds of milliseconds. The rows of a page are then read by id under the policy.
--    `pattern` (an ILIKE pattern) searches the title and the relation's name (trigram indexes); `num` (a
--    numeric query) also matches the document's or its flow's number exactly.
CREATE FUNCTION document_list_source(doc_kind text, doc_status text, pattern text, num integer, cols text)
RETURNS text
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  company integer := nullif(current_setting('app.company_id', true), '')::integer;
  base text;
BEGIN
  IF company IS NULL THEN RETURN '(SELECT * FROM public.sales_document WHERE false) d'; END IF;
  base := concat_ws(' AND ',
    format('d.company_id = %s AND d.kind = %L AND NOT d.is_template AND d.deleted_at IS NULL', company, doc_kind),
    CASE WHEN doc_status IS NULL THEN NULL ELSE format('d.status = %L', doc_status) END);
  IF pattern IS NULL THEN RETURN format('(SELECT * FROM public.sales_document d WHERE %s) d', base); END IF;
  -- The search's hits with the columns `cols` the sort reads, each branch on its own index (title and
  -- relation name by trigram, the relation's documents by sales_document_by_relation, numbers exactly),
  -- the filter applied in every branch.
  RETURN format(
    '(SELECT DISTINCT ON (d.id) d.* FROM (
        SELECT %5$s FROM public.sales_document d WHERE %1$s AND d.title ILIKE %3$L
        UNION ALL SELECT d.* FROM public.relation r CROSS JOIN LATERAL (
          SELECT %5$s FROM public.sales_document d WHERE %1$s AND d.relation_id = r.id OFFSET 0) d
          WHERE r.company_id = %2$s AND r.fullname ILIKE %3$L%4$s) d ORDER BY d.id) d',
    base, company, pattern,
    CASE WHEN num IS NULL THEN '' ELSE format(
      ' UNION ALL SELECT %4$s FROM public.sales_document d WHERE %1$s AND d.number = %3$s
        UNION ALL SELECT d.* FROM public.flow f CROSS JOIN LATERAL (
          SELECT %4$s FROM public.sales_document d WHERE %1$s AND d.flow_id = f.id OFFSET 0) d
          WHERE f.company_id = %2$s AND f.number = %3$s', base, company, num, cols) END,
    cols);
END $$;
--> statement-breakpoint
CREATE FUNCTION document_list_count(doc_kind text, doc_status text, pattern text, num integer) RETURNS bigint
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  company integer := nullif(current_setting('app.company_id', true), '')::integer;
  total bigint;
BEGIN
  IF company IS NULL THEN RETURN 0; END IF;
  IF pattern IS NULL THEN
    SELECT coalesce(sum(t.n), 0) INTO total FROM public.document_tally t
    WHERE t.company_id = company AND t.kind = doc_kind AND (doc_status IS NULL OR t.status = doc_status);
    RETURN total;
  END IF;
  EXECUTE format('SELECT count(*) FROM %s', document_list_source(doc_kind, doc_status, pattern, num, 'd.id'))
    INTO total;
  RETURN total;
END $$;
--> statement-breakpoint
-- A page of ids with the number of rows the list has (`total`: the tally's without a search, else the
-- search's hits counted in the same query). The sorts: a column of the document (its index per company
-- and kind), the invoice's billed amount (frozen at sending; drafts have none yet), the calculation's
-- amount (other kinds), or the relation's name and the flow's number (relation or flow, then its
-- documents by id). Ascending puts empty values first, descending last: each order is the exact reverse
-- of the other. Without a search, the date sort starts at the day the tally says the page is on, and
-- the relation and flow sorts read their relations (flows) in order, counting each one's documents
-- while skipping; other sorts skip along their index.
CREATE FUNCTION document_list_page(doc_kind text, doc_status text, pattern text, num integer, sort_key text,
  descending boolean, max_rows integer, skip_rows bigint) RETURNS TABLE (id integer, total bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  company integer := nullif(current_setting('app.company_id', true), '')::integer;
  dir text := CASE WHEN descending THEN 'DESC NULLS LAST' ELSE 'ASC NULLS FIRST' END;
  src text;
  from_sql text;
  order_sql text;
  bound text;
  parent_col text := CASE sort_key WHEN 'relation' THEN 'relation_id' ELSE 'flow_id' END;
  parent integer;
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
    WHEN 'updated' THEN ', d.updated_at' WHEN 'relation' THEN ', d.relation_id' WHEN 'flow' THEN ', d.flow_id'
    WHEN 'amount' THEN ', d.calculation_id' ELSE '' END);
  from_sql := src;
  order_sql := CASE sort_key
    WHEN 'number' THEN 'd.number' WHEN 'title' THEN 'lower(d.title)' WHEN 'status' THEN 'd.status'
    WHEN 'documentdate' THEN 'd.documentdate' WHEN 'date_send' THEN 'd.date_send'
    WHEN 'updated' THEN 'd.updated_at' WHEN 'id' THEN 'd.id' END;
  IF sort_key IN ('relation', 'flow') THEN
    from_sql := format('%s LEFT JOIN public.%I x ON x.id = d.%I', src,
      CASE sort_key WHEN 'relation' THEN 'relation' ELSE 'flow' END, parent_col);
    order_sql := format('%s %s, d.%I', CASE sort_key WHEN 'relation' THEN 'lower(x.fullname)' ELSE 'x.number' END,
      dir, parent_col);
  ELSIF sort_key = 'amount' AND doc_kind = 'invoice' THEN
    from_sql := format('%s JOIN public.invoice i ON i.id = d.id AND i.company_id = %s', src, company);
    order_sql := 'i.billed_inc';
  ELSIF sort_key = 'amount' THEN
    from_sql := format('%s LEFT JOIN public.calculation c ON c.id = d.calculation_id', src);
    order_sql := 'c.amount_inc_vat';
  END IF;
  IF order_sql IS NULL THEN
    RAISE EXCEPTION 'document_list_page: unknown sort %', sort_key USING ERRCODE = '22023';
  END IF;
  IF pattern IS NOT NULL THEN
    -- A search: its hits (materialised: never walked along a sort index) are few enough to count and sort
    -- in the same query.
    RETURN QUERY EXECUTE format('WITH h AS MATERIALIZED (SELECT * FROM %s)
      SELECT d.id, count(*) OVER () FROM h d%s ORDER BY %s %s, d.id %s LIMIT %s OFFSET %s',
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
  IF sort_key IN ('relation', 'flow') THEN
    FOR parent IN EXECUTE format(
      'SELECT o.pid FROM (SELECT NULL::integer AS pid, NULL::text AS k
        UNION ALL SELECT x.id, %s FROM public.%I x WHERE x.company_id = %s) o ORDER BY o.k %s, o.pid %s',
      CASE sort_key WHEN 'relation' THEN 'lower(x.fullname)' ELSE 'lpad(x.number::text, 10, ''0'')' END,
      CASE sort_key WHEN 'relation' THEN 'relation' ELSE 'flow' END, company, dir, dir)
    LOOP
      bound := format('d.%I %s', parent_col, CASE WHEN parent IS NULL THEN 'IS NULL' ELSE '= ' || parent END);
      IF skip_left > 0 THEN
        EXECUTE format('SELECT count(*) FROM %s WHERE %s', src, bound) INTO n;
        IF n <= skip_left THEN
          skip_left := skip_left - n;
          CONTINUE;
        END IF;
      END IF;
      RETURN QUERY EXECUTE format('SELECT d.id, %s::bigint FROM %s WHERE %s ORDER BY d.id %s LIMIT %s OFFSET %s',
        all_rows, src, bound, dir, rows_left, skip_left);
      GET DIAGNOSTICS n = ROW_COUNT;
      rows_left := rows_left - n;
      skip_left := 0;
      EXIT WHEN rows_left <= 0;
    END LOOP;
    RETURN;
  END IF;
  RETURN QUERY EXECUTE format('SELECT d.id, %s::bigint FROM %s ORDER BY %s %s, d.id %s LIMIT %s OFFSET %s',
    all_rows, from_sql, order_sql, dir, dir, max_rows, skip_rows);
END $$;
--> statement-breakpoint
-- The overdue overview: a page of the company's owed invoices due before `today` (oldest due date first),
-- and their number and outstanding sum, from the index invoice_owed alone.
CREATE FUNCTION invoice_overdue_ids(today date, descending boolean, max_rows integer, skip_rows integer)
RETURNS SETOF integer
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  company integer := nullif(current_setting('app.company_id', true), '')::integer;
BEGIN
  IF company IS NULL OR max_rows <= 0 THEN RETURN; END IF;
  IF descending THEN
    RETURN QUERY SELECT i.id FROM public.invoice i WHERE i.company_id = company AND i.owed_day < today
      ORDER BY i.owed_day DESC, i.id DESC LIMIT max_rows OFFSET skip_rows;
  ELSE
    RETURN QUERY SELECT i.id FROM public.invoice i WHERE i.company_id = company AND i.owed_day < today
      ORDER BY i.owed_day, i.id LIMIT max_rows OFFSET skip_rows;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION invoice_overdue_totals(today date, OUT n bigint, OUT total numeric)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  company integer := nullif(current_setting('app.company_id', true), '')::integer;
BEGIN
  n := 0;
  total := 0;
  IF company IS NULL THEN RETURN; END IF;
  SELECT count(*), coalesce(sum(i.owed), 0) INTO n, total FROM public.invoice i
  WHERE i.company_id = company AND i.owed_day < today;
END $$;
