ALTER TABLE "invoice" DROP CONSTRAINT "invoice_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice" DROP CONSTRAINT "invoice_relation_id_relation_id_fk";
--> statement-breakpoint
DROP INDEX "invoice_hash_unique";--> statement-breakpoint
DROP INDEX "invoice_flow_sent";--> statement-breakpoint
DROP INDEX "invoice_relation_sent";--> statement-breakpoint
ALTER TABLE "invoice" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "street" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "housenumber" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "postcode" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "city" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "phone" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "email" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "kvk_number" varchar(8) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "vat_number" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "iban" varchar(34) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "bic" varchar(11) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "invoice_payment_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "payment_provider" varchar(20);--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "payment_api_key" varchar(200);--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "invoice_type" varchar(20) DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "partialinvoicetype" varchar(20);--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "partial_value" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "partialinvoice_id" integer;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "credited_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "reverse_charge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "sent_day" date;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "billed_exc_0" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "billed_exc_6" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "billed_exc_9" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "billed_exc_21" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "billed_vat_6" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "billed_vat_9" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "billed_vat_21" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "billed_exc" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "billed_inc" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "date_paid" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "payment_id" varchar(64);--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "payment_url" text;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "payment_status" varchar(20);--> statement-breakpoint
-- Invoice rows written before invoices joined the document engine become invoices of it (decision 022).
CREATE TEMP TABLE "invoice_move" AS SELECT i.*, nextval(pg_get_serial_sequence('sales_document', 'id'))::integer AS new_id FROM "invoice" i;--> statement-breakpoint
INSERT INTO "sales_document" ("id", "company_id", "kind", "hash", "status", "flow_id", "relation_id", "is_template", "date_send", "created_at", "updated_at") SELECT new_id, company_id, 'invoice', hash, status, flow_id, relation_id, is_template, date_send, created_at, updated_at FROM "invoice_move";--> statement-breakpoint
DELETE FROM "invoice";--> statement-breakpoint
INSERT INTO "invoice" ("id", "company_id", "created_at", "updated_at") SELECT new_id, company_id, created_at, updated_at FROM "invoice_move";--> statement-breakpoint
DROP TABLE "invoice_move";--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_id_sales_document_id_fk" FOREIGN KEY ("id") REFERENCES "public"."sales_document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_document_due" ON "sales_document" USING btree ("company_id","kind","enddate","id") WHERE status = 'sent' and not is_template and deleted_at is null;--> statement-breakpoint
CREATE INDEX "invoice_partial_group" ON "invoice" USING btree ("partialinvoice_id") WHERE partialinvoice_id is not null;--> statement-breakpoint
CREATE INDEX "invoice_credited" ON "invoice" USING btree ("credited_invoice_id") WHERE credited_invoice_id is not null;--> statement-breakpoint
CREATE INDEX "invoice_quarterly" ON "invoice" USING btree ("company_id","sent_day") WHERE sent_day is not null;--> statement-breakpoint
CREATE INDEX "invoice_payment" ON "invoice" USING btree ("payment_id") WHERE payment_id is not null;--> statement-breakpoint
ALTER TABLE "invoice" DROP COLUMN "flow_id";--> statement-breakpoint
ALTER TABLE "invoice" DROP COLUMN "relation_id";--> statement-breakpoint
ALTER TABLE "invoice" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "invoice" DROP COLUMN "hash";--> statement-breakpoint
ALTER TABLE "invoice" DROP COLUMN "is_template";--> statement-breakpoint
ALTER TABLE "invoice" DROP COLUMN "date_send";