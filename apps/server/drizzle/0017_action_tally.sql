CREATE TABLE "action_tally" (
	"company_id" integer DEFAULT nullif(current_setting('app.company_id', true), '')::integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"user_id" integer NOT NULL,
	"priority_rank" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "action_tally_company_id_status_user_id_priority_rank_pk" PRIMARY KEY("company_id","status","user_id","priority_rank")
);
--> statement-breakpoint
ALTER TABLE "action_tally" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "action_tally" ADD CONSTRAINT "action_tally_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "action_tally" AS PERMISSIVE FOR ALL TO public USING (company_id = nullif(current_setting('app.company_id', true), '')::integer or coalesce(current_setting('app.all_companies', true), '') = 'on') WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer or coalesce(current_setting('app.all_companies', true), '') = 'on');