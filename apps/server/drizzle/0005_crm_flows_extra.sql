CREATE TABLE "flow_tally" (
	"company_id" integer DEFAULT nullif(current_setting('app.company_id', true), '')::integer NOT NULL,
	"tag" varchar(100) NOT NULL,
	"user_id" integer NOT NULL,
	"lead_source" varchar(100) NOT NULL,
	"flow_status" varchar(20) NOT NULL,
	"bucket" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "flow_tally_company_id_tag_user_id_lead_source_flow_status_bucket_pk" PRIMARY KEY("company_id","tag","user_id","lead_source","flow_status","bucket")
);--> statement-breakpoint
ALTER TABLE "flow_tally" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "flow_company_updated";--> statement-breakpoint
ALTER TABLE "flow" ADD COLUMN "relation_fullname" varchar(310) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "flow_company_created" ON "flow" USING btree ("company_id","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "flow_company_status_updated" ON "flow" USING btree ("company_id","flow_status","updated_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "flow_company_status_created" ON "flow" USING btree ("company_id","flow_status","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "flow_company_description" ON "flow" USING btree ("company_id","description","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "flow_company_relname" ON "flow" USING btree ("company_id","relation_fullname","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "flow_company_status_stage" ON "flow" USING btree ("company_id","flow_status","flowstage_start_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "flow_company_updated" ON "flow" USING btree ("company_id","updated_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "flow_tally" AS PERMISSIVE FOR ALL TO public USING (company_id = nullif(current_setting('app.company_id', true), '')::integer or coalesce(current_setting('app.all_companies', true), '') = 'on') WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer or coalesce(current_setting('app.all_companies', true), '') = 'on');--> statement-breakpoint
-- docs/decisions/008-flow-lists-at-scale.md. Platform scope for this transaction, in case RLS applies to the owner.
SELECT set_config('app.all_companies', 'on', true);--> statement-breakpoint
UPDATE flow f SET relation_fullname = r.fullname FROM relation r WHERE r.id = f.relation_id;--> statement-breakpoint
-- LIKE '%word%' is estimated from the column's histogram: with 1,000 samples instead of 100 a common word is
-- seen as common, so PostgreSQL reads the list's index in order instead of fetching every match.
ALTER TABLE flow ALTER COLUMN search_text SET STATISTICS 1000;--> statement-breakpoint
-- Live flows per company and tag ('' = every flow), user (-1 = all users, 0 = none), lead source ('' = all),
-- status and id bucket: four cubes per flow, so a query reads only the rows of the filters it has.
CREATE FUNCTION flow_tally_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  part constant text := 'SELECT r.company_id, left(k.tag, 100) AS tag, u.user_id, left(s.lead_source, 100) AS lead_source, '
    || 'r.flow_status, r.id >> 16 AS bucket, %s AS n FROM %I r '
    || 'CROSS JOIN LATERAL (SELECT ''''::text AS tag UNION SELECT unnest(r.tags)) k '
    || 'CROSS JOIN LATERAL (SELECT -1 AS user_id UNION SELECT coalesce(r.user_id, 0)) u '
    || 'CROSS JOIN LATERAL (SELECT ''''::text AS lead_source UNION SELECT r.lead_source::text) s '
    || 'WHERE r.deleted_at IS NULL';
  source text;
BEGIN
  source := CASE TG_OP
    WHEN 'INSERT' THEN format(part, 1, 'new_rows')
    WHEN 'DELETE' THEN format(part, -1, 'old_rows')
    ELSE format(part, 1, 'new_rows') || ' UNION ALL ' || format(part, -1, 'old_rows') END;
  EXECUTE 'INSERT INTO flow_tally AS t (company_id, tag, user_id, lead_source, flow_status, bucket, n) '
    || 'SELECT company_id, tag, user_id, lead_source, flow_status, bucket, sum(n)::int FROM (' || source || ') d '
    || 'GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6 '
    || 'ON CONFLICT (company_id, tag, user_id, lead_source, flow_status, bucket) DO UPDATE SET n = t.n + excluded.n';
  RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO flow_tally (company_id, tag, user_id, lead_source, flow_status, bucket, n)
SELECT r.company_id, left(k.tag, 100), u.user_id, left(s.lead_source, 100), r.flow_status, r.id >> 16, count(*)::int
FROM flow r
CROSS JOIN LATERAL (SELECT ''::text AS tag UNION SELECT unnest(r.tags)) k
CROSS JOIN LATERAL (SELECT -1 AS user_id UNION SELECT coalesce(r.user_id, 0)) u
CROSS JOIN LATERAL (SELECT ''::text AS lead_source UNION SELECT r.lead_source::text) s
WHERE r.deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
CREATE TRIGGER flow_tally_insert AFTER INSERT ON flow REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION flow_tally_apply();--> statement-breakpoint
CREATE TRIGGER flow_tally_update AFTER UPDATE ON flow REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION flow_tally_apply();--> statement-breakpoint
CREATE TRIGGER flow_tally_delete AFTER DELETE ON flow REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION flow_tally_apply();--> statement-breakpoint
-- Read-only view of the current company's flows for lists and search. ILIKE and @> are not leakproof, so
-- under RLS PostgreSQL cannot use the trigram and tag indexes, and it evaluates the policy on every row.
-- The view runs with its owner's rights (the migration user, normally a superuser that RLS does not apply
-- to) and applies the tenant rule itself: only the transaction's company (none in platform scope). When the
-- owner is subject to RLS, the policy applies as well: slower, same rows. The check option keeps any write
-- through the view inside the company, as the policy would.
CREATE VIEW flow_read AS
SELECT id, company_id, hash, number, description, flow_status, flow_phase_id, user_id, office_user_id,
  project_user_id, relation_id, location_id, lead_source, flowprofile_id, partner_id, partner_project_id, tags,
  type, merged_into_flow_id, search_text, relation_fullname, flowstage_start_at, created_at, updated_at, deleted_at
FROM flow WHERE company_id = nullif(current_setting('app.company_id', true), '')::integer
WITH CASCADED CHECK OPTION;--> statement-breakpoint
-- The same for organizations (global search on name).
CREATE VIEW organization_read AS
SELECT id, company_id, name, deleted_at FROM organization
WHERE company_id = nullif(current_setting('app.company_id', true), '')::integer
WITH CASCADED CHECK OPTION;--> statement-breakpoint
SELECT set_config('app.all_companies', '', true);
