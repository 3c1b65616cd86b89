-- docs/decisions/014 (twelfth round): the per-address rate limits and the guess guard counted in each process's
-- memory; with several server processes (WORKERS) each would count its own share. Unlogged: no WAL for a
-- counter written on every limited request; a crash empties it, which only ends the windows early.
CREATE UNLOGGED TABLE "address_count" (
	"scope" text NOT NULL,
	"address" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "address_count_scope_address_pk" PRIMARY KEY("scope","address")
);
--> statement-breakpoint
CREATE INDEX "address_count_since" ON "address_count" USING btree ("since");