-- One round trip per request for the caller's session (was a transaction of four statements): the
-- lookup that decides who calls, with its occasional touch of last_used_at, in one function. It reads
-- across companies (the token decides the company), so it turns on the platform scope for itself and
-- off again before it returns; the rest of the request runs under row-level security as before.
CREATE OR REPLACE FUNCTION im_resolve_session(p_token_hash text, p_idle_minutes integer, p_touch_after_seconds integer)
RETURNS TABLE (
  id integer, user_id integer, company_id integer, impersonator_user_id integer, role integer,
  user_type text, module_blacklist jsonb, modules text[]
)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
#variable_conflict use_column
DECLARE
  found_session record;
BEGIN
  PERFORM set_config('app.all_companies', 'on', true);
  SELECT s.id, s.user_id, s.company_id, s.impersonator_user_id, s.last_used_at,
         u.role, u.user_type::text AS user_type, u.module_blacklist,
         coalesce((SELECT array_agg(m.tag::text) FROM company_module cm JOIN module m ON m.id = cm.module_id
                   WHERE cm.company_id = s.company_id), '{}') AS modules
    INTO found_session
    FROM session s
    JOIN "user" u ON u.id = s.user_id AND u.deleted_at IS NULL
    JOIN company c ON c.id = s.company_id AND c.deleted_at IS NULL
   WHERE s.token_hash = p_token_hash AND s.ended_at IS NULL AND s.expires_at > now()
     AND s.last_used_at > now() - make_interval(mins => p_idle_minutes);
  IF found_session.id IS NOT NULL
     AND found_session.last_used_at < now() - make_interval(secs => p_touch_after_seconds) THEN
    UPDATE session SET last_used_at = now() WHERE session.id = found_session.id;
  END IF;
  PERFORM set_config('app.all_companies', '', true);
  IF found_session.id IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY SELECT found_session.id, found_session.user_id, found_session.company_id,
    found_session.impersonator_user_id, found_session.role, found_session.user_type,
    found_session.module_blacklist, found_session.modules;
END $$;
