CREATE TABLE "request_once" (
	"company_id" integer DEFAULT nullif(current_setting('app.company_id', true), '')::integer NOT NULL,
	"key" uuid NOT NULL,
	"scope" varchar(30) NOT NULL,
	"resource_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_once_company_id_key_pk" PRIMARY KEY("company_id","key")
);
--> statement-breakpoint
ALTER TABLE "request_once" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "request_once" ADD CONSTRAINT "request_once_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_once_created" ON "request_once" USING btree ("created_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "request_once" AS PERMISSIVE FOR ALL TO public USING (company_id = nullif(current_setting('app.company_id', true), '')::integer or coalesce(current_setting('app.all_companies', true), '') = 'on') WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer or coalesce(current_setting('app.all_companies', true), '') = 'on');