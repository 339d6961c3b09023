-- Courses live on the server (issue 31): their outline and lessons, each learner's progress and
-- quiz attempts, certificates and reviews. public/course.json's twelve courses are the seed
-- (server/db/seed-courses/); `id` keeps their `c-01` ids, which payments and orders already name.

create table courses (
  id text primary key,
  name text not null,
  price_cents integer not null check (price_cents > 0 and price_cents <= 1000000),
  image text not null default '',
  summary text not null default '',
  description text not null default '',
  outcomes jsonb not null default '[]' check (jsonb_typeof(outcomes) = 'array'),
  published boolean not null default false,
  -- The list's order (the seed's order first, new courses after).
  position integer not null default 0,
  -- An admin's removal: gone from the shop, still open to those who bought it.
  removed_at timestamptz,
  created_at timestamptz not null default now(),
  -- The builder's version: a save over a newer one is refused (409).
  updated_at timestamptz not null default now()
);
create index courses_listed_idx on courses (position, id) where published and removed_at is null;

create table course_sections (
  id text primary key,
  course_id text not null references courses (id) on delete cascade,
  title text not null,
  position integer not null
);
create index course_sections_course_idx on course_sections (course_id, position);

create table course_lessons (
  id text primary key,
  course_id text not null references courses (id) on delete cascade,
  section_id text not null references course_sections (id) on delete cascade,
  title text not null,
  kind text not null check (kind in ('reading', 'video', 'quiz')),
  minutes integer not null check (minutes >= 0),
  preview boolean not null default false,
  position integer not null,
  -- By kind (contract/courses.ts lessonContentSchema): { markdown } | { url, markdown } |
  -- { passPercent, questions: [{ prompt, choices, answers }], markdown }.
  content jsonb not null
);
create index course_lessons_section_idx on course_lessons (section_id, position);
create index course_lessons_course_idx on course_lessons (course_id);

-- A learner's completed lessons. A removed lesson takes its tick with it; a refund keeps them,
-- so the progress comes back if the course is bought again.
create table lesson_progress (
  user_email text not null references users (email) on delete cascade on update cascade,
  course_id text not null references courses (id) on delete cascade,
  lesson_id text not null references course_lessons (id) on delete cascade,
  completed_at timestamptz not null default now(),
  primary key (user_email, lesson_id)
);
create index lesson_progress_course_idx on lesson_progress (user_email, course_id);

-- Where each learner is in each course: the player resumes there.
create table course_enrolments (
  user_email text not null references users (email) on delete cascade on update cascade,
  course_id text not null references courses (id) on delete cascade,
  last_lesson_id text references course_lessons (id) on delete set null,
  last_opened_at timestamptz not null default now(),
  primary key (user_email, course_id)
);

create table quiz_attempts (
  id bigint generated always as identity primary key,
  user_email text not null references users (email) on delete cascade on update cascade,
  course_id text not null references courses (id) on delete cascade,
  lesson_id text not null references course_lessons (id) on delete cascade,
  answers jsonb not null,
  score integer not null check (score between 0 and 100),
  passed boolean not null,
  created_at timestamptz not null default now()
);
create index quiz_attempts_learner_idx on quiz_attempts (user_email, lesson_id);

-- Issued once per learner and course, when every lesson is complete. The id is 128 random bits
-- (base64url): the link is the credential. Name and course name are kept as they were then.
create table certificates (
  id text primary key,
  user_email text not null references users (email) on delete cascade on update cascade,
  course_id text not null references courses (id) on delete cascade,
  learner_name text not null,
  course_name text not null,
  issued_at timestamptz not null default now(),
  unique (user_email, course_id)
);

-- One review per learner and course, editable; an admin may hide one (audited).
create table course_reviews (
  id text primary key default gen_random_uuid()::text,
  user_email text not null references users (email) on delete cascade on update cascade,
  course_id text not null references courses (id) on delete cascade,
  rating integer not null check (rating between 1 and 5),
  body text not null default '',
  hidden_at timestamptz,
  hidden_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_email, course_id)
);
create index course_reviews_course_idx on course_reviews (course_id, updated_at desc)
  where hidden_at is null;

-- Who owns a course: their course orders not refunded (server/db/repositories/owned-courses.ts).
create index orders_course_owner_idx on orders (user_email, course_id) where course_id is not null;
