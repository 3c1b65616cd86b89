-- The action tally (decision 018): a trigger keeps the count per company, status, user (0: for
-- everyone) and priority rank. The old side only ever decrements an existing row, so deleting a
-- company (whose tally rows go in the same cascade) never inserts a row for it.
CREATE FUNCTION action_tally_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE public.action_tally t SET n = t.n - 1
    WHERE t.company_id = OLD.company_id AND t.status = OLD.status AND t.user_id = coalesce(OLD.user_id, 0)
      AND t.priority_rank = OLD.priority_rank;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO public.action_tally AS t (company_id, status, user_id, priority_rank, n)
    VALUES (NEW.company_id, NEW.status, coalesce(NEW.user_id, 0), NEW.priority_rank, 1)
    ON CONFLICT (company_id, status, user_id, priority_rank) DO UPDATE SET n = t.n + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER action_tally_keep AFTER INSERT OR DELETE OR UPDATE OF company_id, status, user_id, priority ON action
  FOR EACH ROW EXECUTE FUNCTION action_tally_keep();
--> statement-breakpoint
INSERT INTO action_tally (company_id, status, user_id, priority_rank, n)
SELECT company_id, status, coalesce(user_id, 0), priority_rank, count(*) FROM action
GROUP BY company_id, status, coalesce(user_id, 0), priority_rank;
--> statement-breakpoint
-- Counts without a flow status, text or overdue filter come from the tally.
CREATE OR REPLACE FUNCTION action_count(status text, user_mode text, for_user integer, priority text, flow_status text,
  pattern text, overdue_before timestamptz) RETURNS bigint
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  company integer := nullif(current_setting('app.company_id', true), '')::integer;
  all_companies boolean := coalesce(current_setting('app.all_companies', true), '') = 'on';
  total bigint;
BEGIN
  IF company IS NULL AND NOT all_companies THEN RETURN 0; END IF;
  IF flow_status IS NULL AND pattern IS NULL AND overdue_before IS NULL THEN
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
          ELSE format('t.priority_rank = CASE %L WHEN ''top'' THEN 4 WHEN ''high'' THEN 3 WHEN ''normal'' THEN 2 ELSE 1 END', priority) END))
      INTO total;
    RETURN total;
  END IF;
  EXECUTE format('SELECT count(*) FROM public.action a WHERE %s',
    action_filter(status, user_mode, for_user, priority, flow_status, pattern, overdue_before)) INTO total;
  RETURN total;
END $$;
