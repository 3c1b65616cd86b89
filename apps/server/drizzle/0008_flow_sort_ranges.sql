CREATE TABLE "flow_sort_range" (
	"company_id" integer NOT NULL,
	"sort_key" varchar(20) NOT NULL,
	"dim" varchar(10) DEFAULT '' NOT NULL,
	"dim_value" varchar(100) DEFAULT '' NOT NULL,
	"lo_text" varchar(500) DEFAULT '' NOT NULL,
	"lo_time" timestamp with time zone DEFAULT '-infinity' NOT NULL,
	"lo_id" integer DEFAULT 0 NOT NULL,
	"flow_status" varchar(20) NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "flow_sort_range_pk" PRIMARY KEY("company_id","sort_key","dim","dim_value","lo_text","lo_time","lo_id","flow_status")
);
--> statement-breakpoint
ALTER TABLE "flow_sort_range" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "flow_sort_range" AS PERMISSIVE FOR ALL TO public USING (company_id = nullif(current_setting('app.company_id', true), '')::integer or coalesce(current_setting('app.all_companies', true), '') = 'on') WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer or coalesce(current_setting('app.all_companies', true), '') = 'on');--> statement-breakpoint
-- Counts of the column-sort ranges (docs/decisions/008-flow-lists-at-scale.md). A changed live flow moves
-- its counts from the range its old value fell in to the range of the new one; a range is the last one
-- (of dim '') whose start (lo_text, lo_time, lo_id) is not after (value, id). Each flow counts once in dim
-- '' and once per handler, lead source and tag, by status. Writers hold a shared advisory lock on their
-- company (class 7301) while sort-ranges.ts holds it exclusively to split or merge ranges, so a count
-- can never land in a range that is being replaced.
CREATE FUNCTION flow_sort_range_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k record;
  part constant text := 'SELECT r.company_id, r.id, r.flow_status, %s AS tv, %s AS tm, %s AS n, '
    || 'r.user_id, r.lead_source, r.tags FROM %I r WHERE r.deleted_at IS NULL';
  changed text;
  source text;
  c integer;
BEGIN
  FOR c IN EXECUTE 'SELECT DISTINCT company_id FROM '
      || CASE WHEN TG_OP = 'DELETE' THEN 'old_rows' ELSE 'new_rows' END || ' ORDER BY 1' LOOP
    PERFORM pg_advisory_xact_lock_shared(7301, c);
  END LOOP;
  FOR k IN SELECT * FROM (VALUES
      ('description', 'r.description::varchar(500)', '''-infinity''::timestamptz'),
      ('relation_fullname', 'r.relation_fullname::varchar(500)', '''-infinity''::timestamptz'),
      ('created_at', '''''::varchar(500)', 'r.created_at'),
      ('updated_at', '''''::varchar(500)', 'r.updated_at')) AS v(sort_key, tv, tm) LOOP
    IF TG_OP = 'INSERT' THEN
      source := format(part, k.tv, k.tm, 1, 'new_rows');
    ELSIF TG_OP = 'DELETE' THEN
      source := format(part, k.tv, k.tm, -1, 'old_rows');
    ELSE
      -- Only rows whose sort value, status, liveness, handler, lead source or tags changed move.
      changed := format(' AND r.id IN (SELECT o.id FROM old_rows o JOIN new_rows w USING (id) WHERE '
        || '(%s, o.flow_status, o.deleted_at IS NULL, o.user_id, o.lead_source, o.tags) IS DISTINCT FROM '
        || '(%s, w.flow_status, w.deleted_at IS NULL, w.user_id, w.lead_source, w.tags))',
        replace(k.tv || ', ' || k.tm, 'r.', 'o.'), replace(k.tv || ', ' || k.tm, 'r.', 'w.'));
      source := format(part, k.tv, k.tm, 1, 'new_rows') || changed
        || ' UNION ALL ' || format(part, k.tv, k.tm, -1, 'old_rows') || changed;
    END IF;
    EXECUTE 'INSERT INTO flow_sort_range AS t (company_id, sort_key, dim, dim_value, lo_text, lo_time, lo_id, flow_status, n) '
      || 'SELECT d.company_id, $1, x.dim, x.dim_value, coalesce(g.lo_text, ''''), coalesce(g.lo_time, ''-infinity''), '
      || 'coalesce(g.lo_id, 0), d.flow_status, sum(d.n)::int FROM (' || source || ') d '
      || 'LEFT JOIN LATERAL (SELECT s.lo_text, s.lo_time, s.lo_id FROM flow_sort_range s '
      || 'WHERE s.company_id = d.company_id AND s.sort_key = $1 AND s.dim = '''' AND s.dim_value = '''' '
      || 'AND (s.lo_text, s.lo_time, s.lo_id) <= (d.tv, d.tm, d.id) '
      || 'ORDER BY s.lo_text DESC, s.lo_time DESC, s.lo_id DESC LIMIT 1) g ON true '
      || 'CROSS JOIN LATERAL (SELECT ''''::text AS dim, ''''::text AS dim_value '
      || 'UNION ALL SELECT ''user'', coalesce(d.user_id, 0)::text UNION ALL SELECT ''source'', d.lead_source::text '
      || 'UNION SELECT ''tag'', left(t.tag, 100) FROM unnest(d.tags) t(tag)) x '
      || 'GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8 '
      || 'ON CONFLICT (company_id, sort_key, dim, dim_value, lo_text, lo_time, lo_id, flow_status) '
      || 'DO UPDATE SET n = t.n + excluded.n'
      USING k.sort_key;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Existing flows start in one range per company and key; sort-ranges.ts splits it on first use.
SELECT set_config('app.all_companies', 'on', true);--> statement-breakpoint
INSERT INTO flow_sort_range (company_id, sort_key, dim, dim_value, flow_status, n)
SELECT f.company_id, k.sort_key, x.dim, x.dim_value, f.flow_status, count(*)::int FROM flow f
CROSS JOIN (VALUES ('description'), ('relation_fullname'), ('created_at'), ('updated_at')) AS k(sort_key)
CROSS JOIN LATERAL (SELECT ''::text AS dim, ''::text AS dim_value
  UNION ALL SELECT 'user', coalesce(f.user_id, 0)::text UNION ALL SELECT 'source', f.lead_source::text
  UNION SELECT 'tag', left(t.tag, 100) FROM unnest(f.tags) t(tag)) x
WHERE f.deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
CREATE TRIGGER flow_sort_range_insert AFTER INSERT ON flow REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION flow_sort_range_apply();--> statement-breakpoint
CREATE TRIGGER flow_sort_range_update AFTER UPDATE ON flow REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION flow_sort_range_apply();--> statement-breakpoint
CREATE TRIGGER flow_sort_range_delete AFTER DELETE ON flow REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION flow_sort_range_apply();
