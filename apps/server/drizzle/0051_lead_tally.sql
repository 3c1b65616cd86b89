CREATE TABLE "flow_document_tally" (
	"company_id" integer DEFAULT nullif(current_setting('app.company_id', true), '')::integer NOT NULL,
	"grain" char(1) NOT NULL,
	"period" date NOT NULL,
	"user_id" integer NOT NULL,
	"flowprofile_id" integer NOT NULL,
	"lead_source" varchar(100) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"amount_exc" numeric(16, 2) DEFAULT '0' NOT NULL,
	"amount_inc" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "flow_document_tally_company_id_kind_grain_period_user_id_flowprofile_id_lead_source_pk" PRIMARY KEY("company_id","kind","grain","period","user_id","flowprofile_id","lead_source")
);
--> statement-breakpoint
ALTER TABLE "flow_document_tally" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lead_tally" (
	"company_id" integer DEFAULT nullif(current_setting('app.company_id', true), '')::integer NOT NULL,
	"grain" char(1) NOT NULL,
	"period" date NOT NULL,
	"user_id" integer NOT NULL,
	"flowprofile_id" integer NOT NULL,
	"lead_source" varchar(100) NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"intakes" integer DEFAULT 0 NOT NULL,
	"quotations" integer DEFAULT 0 NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"projects" integer DEFAULT 0 NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL,
	"aftercares" integer DEFAULT 0 NOT NULL,
	"intake_secs" bigint DEFAULT 0 NOT NULL,
	"quotation_secs" bigint DEFAULT 0 NOT NULL,
	"confirmation_secs" bigint DEFAULT 0 NOT NULL,
	"project_secs" bigint DEFAULT 0 NOT NULL,
	"invoice_secs" bigint DEFAULT 0 NOT NULL,
	"aftercare_secs" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_tally_company_id_grain_period_user_id_flowprofile_id_lead_source_pk" PRIMARY KEY("company_id","grain","period","user_id","flowprofile_id","lead_source")
);
--> statement-breakpoint
ALTER TABLE "lead_tally" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "sales_document_by_approved" ON "sales_document" USING btree ("company_id","kind","date_approved") WHERE date_approved is not null and not is_template and deleted_at is null;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "flow_document_tally" AS PERMISSIVE FOR ALL TO public USING (company_id = nullif(current_setting('app.company_id', true), '')::integer or coalesce(current_setting('app.all_companies', true), '') = 'on') WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer or coalesce(current_setting('app.all_companies', true), '') = 'on');--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "lead_tally" AS PERMISSIVE FOR ALL TO public USING (company_id = nullif(current_setting('app.company_id', true), '')::integer or coalesce(current_setting('app.all_companies', true), '') = 'on') WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer or coalesce(current_setting('app.all_companies', true), '') = 'on');--> statement-breakpoint
-- docs/decisions/058-statistics.md. What a set of leads adds to (sign 1) or takes from (sign -1) the tally: one
-- row per grain (Amsterdam week and month of the lead date), with the flow's handler, request profile and
-- lead source. `%1$s` is the sign, `%2$s` the lead rows, `%3$s` the flow rows; deleted flows do not count.
CREATE FUNCTION lead_tally_part(sign int, leads text, flows text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format('SELECT f.company_id, g.grain, '
    || 'date_trunc(CASE g.grain WHEN ''w'' THEN ''week'' ELSE ''month'' END, l.date_lead AT TIME ZONE ''Europe/Amsterdam'')::date AS period, '
    || 'coalesce(f.user_id, 0) AS user_id, coalesce(f.flowprofile_id, 0) AS flowprofile_id, left(f.lead_source, 100) AS lead_source, '
    || '%1$s AS leads, '
    || '%1$s * (l.date_intake IS NOT NULL)::int AS intakes, %1$s * (l.date_quotation IS NOT NULL)::int AS quotations, '
    || '%1$s * (l.date_confirmation IS NOT NULL)::int AS confirmations, %1$s * (l.date_project IS NOT NULL)::int AS projects, '
    || '%1$s * (l.date_invoice IS NOT NULL)::int AS invoices, %1$s * (l.date_aftercare IS NOT NULL)::int AS aftercares, '
    || '%1$s * coalesce(greatest(extract(epoch FROM l.date_intake - l.date_lead), 0), 0)::bigint AS intake_secs, '
    || '%1$s * coalesce(greatest(extract(epoch FROM l.date_quotation - l.date_lead), 0), 0)::bigint AS quotation_secs, '
    || '%1$s * coalesce(greatest(extract(epoch FROM l.date_confirmation - l.date_lead), 0), 0)::bigint AS confirmation_secs, '
    || '%1$s * coalesce(greatest(extract(epoch FROM l.date_project - l.date_lead), 0), 0)::bigint AS project_secs, '
    || '%1$s * coalesce(greatest(extract(epoch FROM l.date_invoice - l.date_lead), 0), 0)::bigint AS invoice_secs, '
    || '%1$s * coalesce(greatest(extract(epoch FROM l.date_aftercare - l.date_lead), 0), 0)::bigint AS aftercare_secs '
    || 'FROM %2$s l JOIN %3$s f ON f.id = l.flow_id CROSS JOIN (VALUES (''w''), (''m'')) g(grain) '
    || 'WHERE f.deleted_at IS NULL AND l.date_lead IS NOT NULL', sign, leads, flows)
$$;--> statement-breakpoint
-- The statement that adds such rows to the tally. Trigger functions EXECUTE it themselves: transition tables
-- are visible only to the trigger function's own statements.
CREATE FUNCTION lead_tally_sql(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'INSERT INTO lead_tally AS t (company_id, grain, period, user_id, flowprofile_id, lead_source, leads, intakes, '
    || 'quotations, confirmations, projects, invoices, aftercares, intake_secs, quotation_secs, confirmation_secs, '
    || 'project_secs, invoice_secs, aftercare_secs) '
    || 'SELECT company_id, grain, period, user_id, flowprofile_id, lead_source, sum(leads), sum(intakes), sum(quotations), '
    || 'sum(confirmations), sum(projects), sum(invoices), sum(aftercares), sum(intake_secs), sum(quotation_secs), '
    || 'sum(confirmation_secs), sum(project_secs), sum(invoice_secs), sum(aftercare_secs) FROM (' || source || ') d '
    || 'GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6 '
    || 'ON CONFLICT (company_id, grain, period, user_id, flowprofile_id, lead_source) DO UPDATE SET '
    || 'leads = t.leads + excluded.leads, intakes = t.intakes + excluded.intakes, quotations = t.quotations + excluded.quotations, '
    || 'confirmations = t.confirmations + excluded.confirmations, projects = t.projects + excluded.projects, '
    || 'invoices = t.invoices + excluded.invoices, aftercares = t.aftercares + excluded.aftercares, '
    || 'intake_secs = t.intake_secs + excluded.intake_secs, quotation_secs = t.quotation_secs + excluded.quotation_secs, '
    || 'confirmation_secs = t.confirmation_secs + excluded.confirmation_secs, project_secs = t.project_secs + excluded.project_secs, '
    || 'invoice_secs = t.invoice_secs + excluded.invoice_secs, aftercare_secs = t.aftercare_secs + excluded.aftercare_secs'
$$;--> statement-breakpoint
-- A lead row written: its flow as it is now. A lead deleted with its flow finds no flow here; the flow's
-- delete trigger below took it out before.
CREATE FUNCTION lead_tally_on_lead() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE lead_tally_sql(CASE TG_OP
    WHEN 'INSERT' THEN lead_tally_part(1, 'new_rows', 'flow')
    WHEN 'DELETE' THEN lead_tally_part(-1, 'old_rows', 'flow')
    ELSE lead_tally_part(1, 'new_rows', 'flow') || ' UNION ALL ' || lead_tally_part(-1, 'old_rows', 'flow') END);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A flow whose handler, request profile, lead source or deletion changed moves its lead between tally rows.
CREATE FUNCTION lead_tally_on_flow_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed constant text := '(SELECT %s.* FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE '
    || '(o.user_id, o.flowprofile_id, o.lead_source, o.deleted_at IS NULL, o.company_id) IS DISTINCT FROM '
    || '(n.user_id, n.flowprofile_id, n.lead_source, n.deleted_at IS NULL, n.company_id))';
BEGIN
  EXECUTE lead_tally_sql(lead_tally_part(1, 'lead', format(changed, 'n'))
    || ' UNION ALL ' || lead_tally_part(-1, 'lead', format(changed, 'o')));
  RETURN NULL;
END $$;--> statement-breakpoint
-- Before a flow row goes (its lead goes with it by cascade, after this).
CREATE FUNCTION lead_tally_on_flow_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.deleted_at IS NULL THEN
    EXECUTE lead_tally_sql(lead_tally_part(-1,
      format('(SELECT * FROM lead WHERE flow_id = %s)', OLD.id),
      format('(SELECT * FROM flow WHERE id = %s)', OLD.id)));
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
SELECT set_config('app.all_companies', 'on', true);--> statement-breakpoint
DO $$ BEGIN EXECUTE lead_tally_sql(lead_tally_part(1, 'lead', 'flow')); END $$;--> statement-breakpoint
SELECT set_config('app.all_companies', '', true);--> statement-breakpoint
CREATE TRIGGER lead_tally_insert AFTER INSERT ON lead REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_tally_on_lead();--> statement-breakpoint
CREATE TRIGGER lead_tally_update AFTER UPDATE ON lead REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_tally_on_lead();--> statement-breakpoint
CREATE TRIGGER lead_tally_delete AFTER DELETE ON lead REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_tally_on_lead();--> statement-breakpoint
CREATE TRIGGER lead_tally_flow_update AFTER UPDATE ON flow REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_tally_on_flow_update();--> statement-breakpoint
CREATE TRIGGER lead_tally_flow_delete BEFORE DELETE ON flow
  FOR EACH ROW EXECUTE FUNCTION lead_tally_on_flow_delete();
--> statement-breakpoint
-- Sent invoices and sent or approved quotations per period and their flow's handler, profile and source
-- (flow_document_tally, decision 058). `%1$s` the sign; invoices: `%2$s` invoice rows, `%3$s` document rows,
-- `%4$s` flow rows; quotations: `%2$s` document rows, `%3$s` flow rows.
CREATE FUNCTION flow_document_invoice_part(sign int, invoices text, docs text, flows text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format('SELECT f.company_id, g.grain, '
    || 'date_trunc(CASE g.grain WHEN ''w'' THEN ''week'' ELSE ''month'' END, i.sent_day)::date AS period, '
    || 'coalesce(f.user_id, 0) AS user_id, coalesce(f.flowprofile_id, 0) AS flowprofile_id, left(f.lead_source, 100) AS lead_source, '
    || '''invoice''::text AS kind, %1$s AS n, %1$s * i.billed_exc AS amount_exc, %1$s * coalesce(i.billed_inc, 0) AS amount_inc '
    || 'FROM %2$s i JOIN %3$s d ON d.id = i.id JOIN %4$s f ON f.id = d.flow_id CROSS JOIN (VALUES (''w''), (''m'')) g(grain) '
    || 'WHERE i.sent_day IS NOT NULL AND i.billed_exc IS NOT NULL AND f.deleted_at IS NULL', sign, invoices, docs, flows)
$$;--> statement-breakpoint
CREATE FUNCTION flow_document_quotation_part(sign int, docs text, flows text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format('SELECT f.company_id, g.grain, '
    || 'date_trunc(CASE g.grain WHEN ''w'' THEN ''week'' ELSE ''month'' END, e.at AT TIME ZONE ''Europe/Amsterdam'')::date AS period, '
    || 'coalesce(f.user_id, 0) AS user_id, coalesce(f.flowprofile_id, 0) AS flowprofile_id, left(f.lead_source, 100) AS lead_source, '
    || 'e.kind, %1$s AS n, 0::numeric AS amount_exc, 0::numeric AS amount_inc '
    || 'FROM %2$s d JOIN %3$s f ON f.id = d.flow_id '
    || 'CROSS JOIN LATERAL (VALUES (''quotation_sent''::text, d.date_send), (''quotation_approved''::text, d.date_approved)) e(kind, at) '
    || 'CROSS JOIN (VALUES (''w''), (''m'')) g(grain) '
    || 'WHERE d.kind = ''quotation'' AND NOT d.is_template AND d.deleted_at IS NULL AND e.at IS NOT NULL '
    || 'AND f.deleted_at IS NULL', sign, docs, flows)
$$;--> statement-breakpoint
CREATE FUNCTION flow_document_tally_sql(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'INSERT INTO flow_document_tally AS t (company_id, grain, period, user_id, flowprofile_id, lead_source, kind, n, '
    || 'amount_exc, amount_inc) '
    || 'SELECT company_id, grain, period, user_id, flowprofile_id, lead_source, kind, sum(n), sum(amount_exc), sum(amount_inc) '
    || 'FROM (' || source || ') d GROUP BY 1, 2, 3, 4, 5, 6, 7 '
    || 'HAVING sum(n) <> 0 OR sum(amount_exc) <> 0 OR sum(amount_inc) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7 '
    || 'ON CONFLICT (company_id, kind, grain, period, user_id, flowprofile_id, lead_source) DO UPDATE SET '
    || 'n = t.n + excluded.n, amount_exc = t.amount_exc + excluded.amount_exc, amount_inc = t.amount_inc + excluded.amount_inc'
$$;--> statement-breakpoint
CREATE FUNCTION flow_document_tally_on_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE flow_document_tally_sql(CASE TG_OP
    WHEN 'INSERT' THEN flow_document_invoice_part(1, 'new_rows', 'sales_document', 'flow')
    WHEN 'DELETE' THEN flow_document_invoice_part(-1, 'old_rows', 'sales_document', 'flow')
    ELSE flow_document_invoice_part(1, 'new_rows', 'sales_document', 'flow') || ' UNION ALL '
      || flow_document_invoice_part(-1, 'old_rows', 'sales_document', 'flow') END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION flow_document_tally_on_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE flow_document_tally_sql(CASE TG_OP
    WHEN 'INSERT' THEN flow_document_quotation_part(1, 'new_rows', 'flow')
    WHEN 'DELETE' THEN flow_document_quotation_part(-1, 'old_rows', 'flow')
    ELSE flow_document_quotation_part(1, 'new_rows', 'flow') || ' UNION ALL '
      || flow_document_quotation_part(-1, 'old_rows', 'flow') END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION flow_document_tally_on_flow_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed constant text := '(SELECT %s.* FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE '
    || '(o.user_id, o.flowprofile_id, o.lead_source, o.deleted_at IS NULL, o.company_id) IS DISTINCT FROM '
    || '(n.user_id, n.flowprofile_id, n.lead_source, n.deleted_at IS NULL, n.company_id))';
BEGIN
  EXECUTE flow_document_tally_sql(
    flow_document_invoice_part(1, 'invoice', 'sales_document', format(changed, 'n')) || ' UNION ALL '
    || flow_document_invoice_part(-1, 'invoice', 'sales_document', format(changed, 'o')) || ' UNION ALL '
    || flow_document_quotation_part(1, 'sales_document', format(changed, 'n')) || ' UNION ALL '
    || flow_document_quotation_part(-1, 'sales_document', format(changed, 'o')));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION flow_document_tally_on_flow_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.deleted_at IS NULL THEN
    EXECUTE flow_document_tally_sql(
      flow_document_invoice_part(-1, 'invoice', format('(SELECT * FROM sales_document WHERE flow_id = %s)', OLD.id),
        format('(SELECT * FROM flow WHERE id = %s)', OLD.id)) || ' UNION ALL '
      || flow_document_quotation_part(-1, format('(SELECT * FROM sales_document WHERE flow_id = %s)', OLD.id),
        format('(SELECT * FROM flow WHERE id = %s)', OLD.id)));
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
SELECT set_config('app.all_companies', 'on', true);--> statement-breakpoint
DO $$ BEGIN
  EXECUTE flow_document_tally_sql(flow_document_invoice_part(1, 'invoice', 'sales_document', 'flow') || ' UNION ALL '
    || flow_document_quotation_part(1, 'sales_document', 'flow'));
END $$;--> statement-breakpoint
SELECT set_config('app.all_companies', '', true);--> statement-breakpoint
CREATE TRIGGER flow_document_tally_invoice_insert AFTER INSERT ON invoice REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION flow_document_tally_on_invoice();--> statement-breakpoint
CREATE TRIGGER flow_document_tally_invoice_update AFTER UPDATE ON invoice REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION flow_document_tally_on_invoice();--> statement-breakpoint
CREATE TRIGGER flow_document_tally_invoice_delete AFTER DELETE ON invoice REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION flow_document_tally_on_invoice();--> statement-breakpoint
CREATE TRIGGER flow_document_tally_document_insert AFTER INSERT ON sales_document REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION flow_document_tally_on_document();--> statement-breakpoint
CREATE TRIGGER flow_document_tally_document_update AFTER UPDATE ON sales_document REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION flow_document_tally_on_document();--> statement-breakpoint
CREATE TRIGGER flow_document_tally_document_delete AFTER DELETE ON sales_document REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION flow_document_tally_on_document();--> statement-breakpoint
CREATE TRIGGER flow_document_tally_flow_update AFTER UPDATE ON flow REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION flow_document_tally_on_flow_update();--> statement-breakpoint
CREATE TRIGGER flow_document_tally_flow_delete BEFORE DELETE ON flow
  FOR EACH ROW EXECUTE FUNCTION flow_document_tally_on_flow_delete();
