ALTER TABLE "relation" ADD COLUMN "main_location_id" integer;--> statement-breakpoint
-- docs/decisions/077-list-rows-without-per-row-work.md. The trigger that keeps a relation's search text and main city on
-- every change of its locations keeps its main location's id as well (is_main first, then the oldest), so a
-- list row joins the address by id instead of sorting the relation's locations once per row.
CREATE FUNCTION relation_main_location_id(p_id integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT id FROM location WHERE relation_id = p_id ORDER BY is_main DESC, id LIMIT 1
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION location_refresh_relation_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE relation r SET (search_text, main_city, main_location_id) = (
      SELECT d.search_text, d.main_city, relation_main_location_id(r.id)
      FROM relation_search_document(r.id, r.name, r.nameprefix, r.surname, r.email) d)
    WHERE r.id IN (SELECT relation_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE relation r SET (search_text, main_city, main_location_id) = (
      SELECT d.search_text, d.main_city, relation_main_location_id(r.id)
      FROM relation_search_document(r.id, r.name, r.nameprefix, r.surname, r.email) d)
    WHERE r.id IN (SELECT relation_id FROM old_rows);
  ELSE
    UPDATE relation r SET (search_text, main_city, main_location_id) = (
      SELECT d.search_text, d.main_city, relation_main_location_id(r.id)
      FROM relation_search_document(r.id, r.name, r.nameprefix, r.surname, r.email) d)
    WHERE r.id IN (
      SELECT n.relation_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.relation_id, n.address, n.number, n.number_addition, n.postcode, n.city, n.is_main)
        IS DISTINCT FROM (o.relation_id, o.address, o.number, o.number_addition, o.postcode, o.city, o.is_main)
      UNION
      SELECT o.relation_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.relation_id IS DISTINCT FROM o.relation_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
SELECT set_config('app.all_companies', 'on', true);--> statement-breakpoint
UPDATE relation r SET main_location_id = relation_main_location_id(r.id)
WHERE EXISTS (SELECT 1 FROM location l WHERE l.relation_id = r.id);
