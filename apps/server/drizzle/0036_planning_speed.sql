-- Planning lists at a million actions and half a million agenda items, second round (decision 018, Speed).
-- Backfills read and write every company's rows, whoever runs the migration (RLS is forced).
SELECT set_config('app.all_companies', 'on', true);--> statement-breakpoint
-- 1. The flow status filter: the action carries its flow's status (a copy kept by triggers below), so
--    the filter is an index column and the tally counts it.
ALTER TABLE "action" ADD COLUMN "flow_status" varchar(20);--> statement-breakpoint
UPDATE "action" a SET flow_status = f.flow_status FROM "flow" f WHERE f.id = a.flow_id;--> statement-breakpoint
CREATE INDEX "action_company_status_flow_status_due" ON "action" USING btree ("company_id","status","flow_status","due_date","id") WHERE flow_status is not null;--> statement-breakpoint
-- 2. "Me and everyone": the general actions' own ordered range (an IS NULL condition does not give the
--    planner the order of the user index), merged with the user's range in action_page_ids.
CREATE INDEX "action_company_general_status_due" ON "action" USING btree ("company_id","status","due_date","id") WHERE user_id is null;--> statement-breakpoint
-- 3. The calendar: the end in the index, so items starting in the 62 days before a range but ending
--    before it are skipped there instead of visiting the table.
DROP INDEX "agenda_item_company_start";--> statement-breakpoint
DROP INDEX "agenda_item_company_user_start";--> statement-breakpoint
CREATE INDEX "agenda_item_company_start_end" ON "agenda_item" USING btree ("company_id","start_date","end_date","id");--> statement-breakpoint
CREATE INDEX "agenda_item_company_user_start_end" ON "agenda_item" USING btree ("company_id","user_id","start_date","end_date","id");--> statement-breakpoint
-- The action's copy of its flow's status: taken from the flow whenever an action is written with a flow
-- (any writer; a value given is replaced), and written to a flow's actions when its status changes.
CREATE FUNCTION action_flow_status_take() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.flow_status := CASE WHEN NEW.flow_id IS NULL THEN NULL
    ELSE (SELECT f.flow_status FROM public.flow f WHERE f.id = NEW.flow_id) END;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER action_flow_status_take BEFORE INSERT OR UPDATE OF flow_id, flow_status ON action
  FOR EACH ROW EXECUTE FUNCTION action_flow_status_take();
--> statement-breakpoint
CREATE FUNCTION flow_status_to_actions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.action a SET flow_status = NEW.flow_status
  WHERE a.flow_id = NEW.id AND a.flow_status IS DISTINCT FROM NEW.flow_status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER flow_status_to_actions AFTER UPDATE OF flow_status ON flow
  FOR EACH ROW WHEN (OLD.flow_status IS DISTINCT FROM NEW.flow_status) EXECUTE FUNCTION flow_status_to_actions();
--> statement-breakpoint
-- The tally counts per flow status too ('' without a flow). Its trigger also fires on flow_id: the
-- BEFORE trigger above changes flow_status then, and a column list only sees the SET list.
ALTER TABLE "action_tally" ADD COLUMN "flow_status" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "action_tally" DROP CONSTRAINT "action_tally_company_id_status_user_id_priority_rank_pk";--> statement-breakpoint
DELETE FROM "action_tally";--> statement-breakpoint
INSERT INTO action_tally (company_id, status, user_id, priority_rank, flow_status, n)
SELECT company_id, status, coalesce(user_id, 0), priority_rank, coalesce(flow_status, ''), count(*) FROM action
GROUP BY company_id, status, coalesce(user_id, 0), priority_rank, coalesce(flow_status, '');--> statement-breakpoint
ALTER TABLE "action_tally" ADD CONSTRAINT "action_tally_company_id_status_user_id_priority_rank_flow_status_pk" PRIMARY KEY("company_id","status","user_id","priority_rank","flow_status");--> statement-breakpoint
CREATE OR REPLACE FUNCTION action_tally_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE public.action_tally t SET n = t.n - 1
    WHERE t.company_id = OLD.company_id AND t.status = OLD.status AND t.user_id = coalesce(OLD.user_id, 0)
      AND t.priority_rank = OLD.priority_rank AND t.flow_status = coalesce(OLD.flow_status, '');
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO public.action_tally AS t (company_id, status, user_id, priority_rank, flow_status, n)
    VALUES (NEW.company_id, NEW.status, coalesce(NEW.user_id, 0), NEW.priority_rank, coalesce(NEW.flow_status, ''), 1)
    ON CONFLICT (company_id, status, user_id, priority_rank, flow_status) DO UPDATE SET n = t.n + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER action_tally_keep ON action;--> statement-breakpoint
CREATE TRIGGER action_tally_keep AFTER INSERT OR DELETE OR UPDATE OF company_id, status, user_id, priority, flow_id, flow_status
  ON action FOR EACH ROW EXECUTE FUNCTION action_tally_keep();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION action_filter(status text, user_mode text, for_user integer, priority text, flow_status text,
  pattern text, overdue_before timestamptz) RETURNS text
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  company integer := nullif(current_setting('app.company_id', true), '')::integer;
  all_companies boolean := coalesce(current_setting('app.all_companies', true), '') = 'on';
BEGIN
  IF company IS NULL AND NOT all_companies THEN RETURN 'false'; END IF;
  RETURN concat_ws(' AND ',
    CASE WHEN all_companies THEN 'true' ELSE format('a.company_id = %s', company) END,
    CASE WHEN status IS NULL THEN NULL ELSE format('a.status = %L', status) END,
    CASE user_mode
      WHEN 'all' THEN NULL
      WHEN 'none' THEN 'a.user_id IS NULL'
      WHEN 'user' THEN format('a.user_id = %s', for_user)
      WHEN 'userornone' THEN format('(a.user_id = %s OR a.user_id IS NULL)', for_user)
      ELSE 'false' END,
    CASE WHEN priority IS NULL THEN NULL
      WHEN priority = 'tophigh' THEN 'a.priority_rank >= 3'
      ELSE format('a.priority = %L', priority) END,
    CASE WHEN flow_status IS NULL THEN NULL ELSE format('a.flow_status = %L', flow_status) END,
    CASE WHEN pattern IS NULL THEN NULL ELSE format('a.description ILIKE %L', pattern) END,
    CASE WHEN overdue_before IS NULL THEN NULL
      ELSE format('a.due_date < %L AND a.overdue_date < %L', overdue_before, overdue_before) END);
END $$;
--> statement-breakpoint
-- "Me and everyone" (the user's and the general actions): two ordered ranges merged (Merge Append), each
-- read for at most offset + limit entries, instead of both ranges read whole and sorted.
CREATE OR REPLACE FUNCTION action_page_ids(status text, user_mode text, for_user integer, priority text, flow_status text,
  pattern text, overdue_before timestamptz, sort_column text, descending boolean, max_rows integer,
  skip_rows integer) RETURNS SETOF integer
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  direction text := CASE WHEN descending THEN 'DESC' ELSE 'ASC' END;
BEGIN
  IF sort_column NOT IN ('due_date', 'overdue_date', 'description', 'created_at', 'priority_rank') THEN
    RAISE EXCEPTION 'action_page_ids: unknown sort column %', sort_column USING ERRCODE = '22023';
  END IF;
  IF user_mode = 'userornone' THEN
    RETURN QUERY EXECUTE format('SELECT m.id FROM (
        (SELECT a.id, a.%1$I AS k FROM public.action a WHERE %2$s ORDER BY a.%1$I %4$s, a.id %4$s LIMIT %5$s)
        UNION ALL
        (SELECT a.id, a.%1$I AS k FROM public.action a WHERE %3$s ORDER BY a.%1$I %4$s, a.id %4$s LIMIT %5$s)) m
      ORDER BY m.k %4$s, m.id %4$s LIMIT %6$s OFFSET %7$s',
      sort_column,
      action_filter(status, 'user', for_user, priority, flow_status, pattern, overdue_before),
      action_filter(status, 'none', NULL, priority, flow_status, pattern, overdue_before),
      direction, max_rows::bigint + skip_rows, max_rows, skip_rows);
    RETURN;
  END IF;
  RETURN QUERY EXECUTE format('SELECT a.id FROM public.action a WHERE %s ORDER BY a.%I %s, a.id %s LIMIT %s OFFSET %s',
    action_filter(status, user_mode, for_user, priority, flow_status, pattern, overdue_before),
    sort_column, direction, direction, max_rows, skip_rows);
END $$;
--> statement-breakpoint
-- Counts without a text or overdue filter come from the tally, with a flow status too.
CREATE OR REPLACE FUNCTION action_count(status text, user_mode text, for_user integer, priority text, flow_status text,
  pattern text, overdue_before timestamptz) RETURNS bigint
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  company integer := nullif(current_setting('app.company_id', true), '')::integer;
  all_companies boolean := coalesce(current_setting('app.all_companies', true), '') = 'on';
  total bigint;
BEGIN
  IF company IS NULL AND NOT all_companies THEN RETURN 0; END IF;
  IF pattern IS NULL AND overdue_before IS NULL THEN
    EXECUTE format('SELECT coalesce(sum(t.n), 0) FROM public.action_tally t WHERE %s',
      concat_ws(' AND ',
        CASE WHEN all_companies THEN 'true' ELSE format('t.company_id = %s', company) END,
        CASE WHEN status IS NULL THEN NULL ELSE format('t.status = %L', status) END,
        CASE user_mode
          WHEN 'all' THEN NULL
          WHEN 'none' THEN 't.user_id = 0'
          WHEN 'user' THEN format('t.user_id = %s', for_user)
          WHEN 'userornone' THEN format('t.user_id IN (0, %s)', for_user)
          ELSE 'false' END,
        CASE WHEN priority IS NULL THEN NULL
          WHEN priority = 'tophigh' THEN 't.priority_rank >= 3'
          ELSE format('t.priority_rank = CASE %L WHEN ''top'' THEN 4 WHEN ''high'' THEN 3 WHEN ''normal'' THEN 2 ELSE 1 END', priority) END,
        CASE WHEN flow_status IS NULL THEN NULL ELSE format('t.flow_status = %L', flow_status) END))
      INTO total;
    RETURN total;
  END IF;
  EXECUTE format('SELECT count(*) FROM public.action a WHERE %s',
    action_filter(status, user_mode, for_user, priority, flow_status, pattern, overdue_before)) INTO total;
  RETURN total;
END $$;
--> statement-breakpoint
-- The calendar's items overlapping a range (items last at most 62 days), by start, as whole rows: the
-- tenant rule applied inside as the policy does; the labels of their records are read afterwards under
-- the policy, once per record. Replaces agenda_range_ids, which answered ids for a second read.
CREATE FUNCTION agenda_range_items(range_from timestamptz, range_to timestamptz, user_mode text, for_user integer,
  max_rows integer) RETURNS SETOF public.agenda_item
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  company integer := nullif(current_setting('app.company_id', true), '')::integer;
  all_companies boolean := coalesce(current_setting('app.all_companies', true), '') = 'on';
BEGIN
  IF company IS NULL AND NOT all_companies THEN RETURN; END IF;
  RETURN QUERY EXECUTE format('SELECT i.* FROM public.agenda_item i WHERE %s AND i.start_date > $1 - interval ''62 days''
      AND i.start_date < $2 AND i.end_date > $1 %s ORDER BY i.start_date, i.id LIMIT %s',
    CASE WHEN all_companies THEN 'true' ELSE format('i.company_id = %s', company) END,
    CASE user_mode
      WHEN 'all' THEN ''
      WHEN 'none' THEN 'AND i.user_id IS NULL'
      WHEN 'user' THEN format('AND i.user_id = %s', for_user)
      WHEN 'userornone' THEN format('AND (i.user_id = %s OR i.user_id IS NULL)', for_user)
      ELSE 'AND false' END,
    max_rows) USING range_from, range_to;
END $$;
--> statement-breakpoint
DROP FUNCTION agenda_range_ids(timestamptz, timestamptz, text, integer, integer);--> statement-breakpoint
SELECT set_config('app.all_companies', '', true);
