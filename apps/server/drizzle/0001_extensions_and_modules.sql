CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
INSERT INTO "module" ("tag", "description") VALUES
  ('BASIS', 'Dashboard, acties en taken'),
  ('CRM', 'Relaties, organisaties, aanvragen en pijplijn'),
  ('SALES', 'Producten, opnames, offertes en facturen in het menu'),
  ('SETTINGS', 'Bedrijfsinstellingen'),
  ('ADMIN', 'Platformbeheer'),
  ('INTAKE', 'Opnames'),
  ('QUOTATION', 'Offertes'),
  ('CONFIRMATION', 'Opdrachtbevestigingen'),
  ('PROJECT', 'Uitvoering en documenten'),
  ('INVOICE', 'Facturen'),
  ('AFTERCARE', 'Service'),
  ('PARTNER', 'Partneromgeving'),
  ('PARTNERMANAGEMENT', 'Partnerbeheer'),
  ('PROJECTMANAGEMENT', 'Partnerprojecten')
ON CONFLICT ("tag") DO NOTHING;
