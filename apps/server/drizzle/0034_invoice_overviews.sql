CREATE TABLE "document_tally" (
	"company_id" integer DEFAULT nullif(current_setting('app.company_id', true), '')::integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"status" varchar(20) NOT NULL,
	"day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "document_tally_company_id_kind_status_day_pk" PRIMARY KEY("company_id","kind","status","day")
);
--> statement-breakpoint
ALTER TABLE "document_tally" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "invoice_day_total" (
	"company_id" integer DEFAULT nullif(current_setting('app.company_id', true), '')::integer NOT NULL,
	"day" date NOT NULL,
	"invoices" integer NOT NULL,
	"billed_exc_0" numeric(18, 2) NOT NULL,
	"billed_exc_6" numeric(18, 2) NOT NULL,
	"billed_exc_9" numeric(18, 2) NOT NULL,
	"billed_exc_21" numeric(18, 2) NOT NULL,
	"billed_vat_6" numeric(18, 2) NOT NULL,
	"billed_vat_9" numeric(18, 2) NOT NULL,
	"billed_vat_21" numeric(18, 2) NOT NULL,
	"billed_exc" numeric(18, 2) NOT NULL,
	"billed_inc" numeric(18, 2) NOT NULL,
	CONSTRAINT "invoice_day_total_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
ALTER TABLE "invoice_day_total" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "credit_invoice_template_id" integer;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "owed_day" date;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "owed" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "document_tally" ADD CONSTRAINT "document_tally_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_day_total" ADD CONSTRAINT "invoice_day_total_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_document_by_title" ON "sales_document" USING btree ("company_id","kind",lower("title") desc nulls last,"id" DESC NULLS LAST) WHERE not is_template and deleted_at is null;--> statement-breakpoint
CREATE INDEX "sales_document_by_send" ON "sales_document" USING btree ("company_id","kind","date_send" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not is_template and deleted_at is null;--> statement-breakpoint
CREATE INDEX "sales_document_by_status" ON "sales_document" USING btree ("company_id","kind","status" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not is_template and deleted_at is null;--> statement-breakpoint
CREATE INDEX "sales_document_by_relation" ON "sales_document" USING btree ("company_id","kind","relation_id","documentdate" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not is_template and deleted_at is null;--> statement-breakpoint
CREATE INDEX "sales_document_title_trgm" ON "sales_document" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoice_owed" ON "invoice" USING btree ("company_id","owed_day","id","owed") WHERE owed_day is not null;--> statement-breakpoint
CREATE INDEX "invoice_by_amount" ON "invoice" USING btree ("company_id","billed_inc" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "document_tally" AS PERMISSIVE FOR ALL TO public USING (company_id = nullif(current_setting('app.company_id', true), '')::integer or coalesce(current_setting('app.all_companies', true), '') = 'on') WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer or coalesce(current_setting('app.all_companies', true), '') = 'on');--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "invoice_day_total" AS PERMISSIVE FOR ALL TO public USING (company_id = nullif(current_setting('app.company_id', true), '')::integer or coalesce(current_setting('app.all_companies', true), '') = 'on') WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer or coalesce(current_setting('app.all_companies', true), '') = 'on');