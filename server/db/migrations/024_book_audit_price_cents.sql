-- A book's edit wrote its price to the audit log in dollars as `price`, its creation in cents as
-- `priceCents` (docs/decisions.md D74): the edits written before say it the creation's way.
update audit_log
set changes = (changes - 'price') || jsonb_build_object('priceCents', jsonb_build_array(
      round((changes -> 'price' ->> 0)::numeric * 100)::integer,
      round((changes -> 'price' ->> 1)::numeric * 100)::integer))
where action = 'book.update' and changes ? 'price';
