ALTER TABLE "document_version" ADD COLUMN "einvoice_file_id" integer;--> statement-breakpoint
ALTER TABLE "outbox_mail" ADD COLUMN "message_id" varchar(300);--> statement-breakpoint
ALTER TABLE "document_version" ADD CONSTRAINT "document_version_einvoice_file_id_stored_file_id_fk" FOREIGN KEY ("einvoice_file_id") REFERENCES "public"."stored_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_mail_sending" ON "outbox_mail" USING btree ("id") WHERE status = 'sending';