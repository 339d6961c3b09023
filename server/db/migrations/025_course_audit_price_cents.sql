-- The course builder wrote a course's price to the audit log in dollars as `price`, where a
-- book's rows say `priceCents` in cents (docs/decisions.md D79): the rows written before say it
-- the book's way, an edit as [before, after], a creation as one number.
update audit_log
set changes = (changes - 'price') || jsonb_build_object('priceCents', jsonb_build_array(
      round((changes -> 'price' ->> 0)::numeric * 100)::integer,
      round((changes -> 'price' ->> 1)::numeric * 100)::integer))
where action = 'course.update' and changes ? 'price';

update audit_log
set changes = (changes - 'price') || jsonb_build_object('priceCents',
      round((changes ->> 'price')::numeric * 100)::integer)
where action = 'course.create' and changes ? 'price';
