-- Planning lists at a million actions and half a million agenda items (decision 018): row-level
-- security's check runs on every row a count or a deep page passes and keeps the planner from its
-- indexes, so the ids and counts come from SECURITY DEFINER functions that apply the tenant rule
-- themselves, exactly as the policy does. The rows themselves are then read by id under the policy.
CREATE FUNCTION action_filter(status text, user_mode text, for_user integer, priority text, flow_status text,
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
    CASE WHEN flow_status IS NULL THEN NULL
      ELSE format('EXISTS (SELECT 1 FROM public.flow f WHERE f.id = a.flow_id AND f.flow_status = %L)', flow_status) END,
    CASE WHEN pattern IS NULL THEN NULL ELSE format('a.description ILIKE %L', pattern) END,
    CASE WHEN overdue_before IS NULL THEN NULL
      ELSE format('a.due_date < %L AND a.overdue_date < %L', overdue_before, overdue_before) END);
END $$;
--> statement-breakpoint
CREATE FUNCTION action_page_ids(status text, user_mode text, for_user integer, priority text, flow_status text,
  pattern text, overdue_before timestamptz, sort_column text, descending boolean, max_rows integer,
  skip_rows integer) RETURNS SETOF integer
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  direction text := CASE WHEN descending THEN 'DESC' ELSE 'ASC' END;
BEGIN
  IF sort_column NOT IN ('due_date', 'overdue_date', 'description', 'created_at', 'priority_rank') THEN
    RAISE EXCEPTION 'action_page_ids: unknown sort column %', sort_column USING ERRCODE = '22023';
  END IF;
  RETURN QUERY EXECUTE format('SELECT a.id FROM public.action a WHERE %s ORDER BY a.%I %s, a.id %s LIMIT %s OFFSET %s',
    action_filter(status, user_mode, for_user, priority, flow_status, pattern, overdue_before),
    sort_column, direction, direction, max_rows, skip_rows);
END $$;
--> statement-breakpoint
CREATE FUNCTION action_count(status text, user_mode text, for_user integer, priority text, flow_status text,
  pattern text, overdue_before timestamptz) RETURNS bigint
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  total bigint;
BEGIN
  EXECUTE format('SELECT count(*) FROM public.action a WHERE %s',
    action_filter(status, user_mode, for_user, priority, flow_status, pattern, overdue_before)) INTO total;
  RETURN total;
END $$;
--> statement-breakpoint
-- The dashboard's counts of one user's open and the general actions, from the user index alone.
CREATE FUNCTION action_dashboard_counts(for_user integer, end_of_today timestamptz,
  OUT total bigint, OUT top bigint, OUT high bigint, OUT overdue bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  EXECUTE format('SELECT count(*), count(*) FILTER (WHERE a.priority_rank = 4), count(*) FILTER (WHERE a.priority_rank = 3),
      count(*) FILTER (WHERE a.due_date < $1 AND a.overdue_date < $1)
    FROM public.action a WHERE %s',
    action_filter('open', 'userornone', for_user, NULL, NULL, NULL, NULL))
    INTO total, top, high, overdue USING end_of_today;
END $$;
--> statement-breakpoint
-- The calendar: ids of the items overlapping a range (items last at most 62 days), by start.
CREATE FUNCTION agenda_range_ids(range_from timestamptz, range_to timestamptz, user_mode text, for_user integer,
  max_rows integer) RETURNS SETOF integer
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  company integer := nullif(current_setting('app.company_id', true), '')::integer;
  all_companies boolean := coalesce(current_setting('app.all_companies', true), '') = 'on';
BEGIN
  IF company IS NULL AND NOT all_companies THEN RETURN; END IF;
  RETURN QUERY EXECUTE format('SELECT i.id FROM public.agenda_item i WHERE %s AND i.start_date > $1 - interval ''62 days''
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
