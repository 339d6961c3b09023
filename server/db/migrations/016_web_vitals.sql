-- Real users' Core Web Vitals (issue 18 §2): one row per page view, by route pattern (never an
-- address), with the metrics its browser measured. Kept 30 days and at most 200,000 rows
-- (server/db/repositories/vitals.ts trims as it writes).
create table web_vitals (
  id bigint generated always as identity primary key,
  route text not null check (char_length(route) between 1 and 100),
  lcp double precision check (lcp >= 0),
  inp double precision check (inp >= 0),
  cls double precision check (cls >= 0),
  fcp double precision check (fcp >= 0),
  ttfb double precision check (ttfb >= 0),
  connection text check (connection in ('slow-2g', '2g', '3g', '4g')),
  created_at timestamptz not null default now()
);
-- The Performance screen reads the last N days; the trim deletes the oldest.
create index web_vitals_created_idx on web_vitals (created_at);
