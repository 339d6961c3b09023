import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_ID_PATTERN, COURSE_MESSAGES } from '../../contract/course-rules';
import {
  adminCourseListSchema,
  adminCourseSchema,
  courseRemovedSchema,
  type AdminCourse,
  type CourseDraft,
} from '../../contract/courses';
import { listAudit } from '../../server/db/repositories/audit-log';
import { slugFromName } from '../../server/services/course-builder';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import { uniqueEmail } from './helpers/firebase-emulator';
import { buyCourses, createTestGateway, type TestGateway } from './helpers/payments';
import { expectError } from './helpers/api-error';

function draftNamed(name: string): CourseDraft {
  return {
    name,
    price: 29.5,
    image: '/images/courses/x.svg',
    summary: 'A short course.',
    description: 'Longer words.',
    outcomes: ['One thing', 'Another'],
    sections: [
      {
        title: 'Start',
        lessons: [
          {
            title: 'Read me',
            minutes: 5,
            preview: true,
            content: { kind: 'reading', markdown: '# Hello' },
          },
          {
            title: 'Watch me',
            minutes: 7,
            preview: false,
            content: { kind: 'video', url: 'https://youtu.be/dQw4w9WgXcQ', markdown: '' },
          },
        ],
      },
      {
        title: 'Check',
        lessons: [
          {
            title: 'Quiz',
            minutes: 3,
            preview: false,
            content: {
              kind: 'quiz',
              passPercent: 50,
              markdown: '',
              questions: [{ prompt: 'Two?', choices: ['1', '2'], answers: [1] }],
            },
          },
        ],
      },
    ],
  };
}

/** The draft an editor would send back: the loaded course with its ids and version. */
function asDraft(course: AdminCourse): CourseDraft {
  const { _id: _ignored, published: _published, ...draft } = course;
  return draft;
}

describe("the admin's course builder: /api/admin/courses", () => {
  const adminEmail = uniqueEmail('admin-courses');
  let t: TestApp;
  let gateway: TestGateway;
  let admin: SignedIn;
  let user: SignedIn;

  beforeAll(async () => {
    gateway = createTestGateway();
    t = await buildAccountsApp({ adminEmails: [adminEmail], seed: true, paymentGateway: gateway });
    admin = await signIn(t.app, adminEmail);
    user = await signIn(t.app, 'admin-courses-user');
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    caller: SignedIn | null = admin,
  ) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: caller ? bearer(caller.accessToken) : {},
    });

  async function create(name: string): Promise<AdminCourse> {
    const res = await call('POST', '/api/admin/courses', draftNamed(name));
    expect(res.statusCode, res.body).toBe(201);
    return adminCourseSchema.parse(res.json());
  }

  async function save(id: string, draft: CourseDraft): Promise<AdminCourse> {
    const res = await call('PUT', `/api/admin/courses/${id}`, draft);
    expect(res.statusCode, res.body).toBe(200);
    return adminCourseSchema.parse(res.json());
  }

  it('makes ids from names: a slug, unique, within the id pattern', async () => {
    expect(slugFromName('Rust Basics!')).toBe('rust-basics');
    expect(slugFromName('  Café — déjà vu  ')).toBe('cafe-deja-vu');
    expect(slugFromName('!!!')).toBe('course');
    expect(slugFromName('x'.repeat(200))).toMatch(COURSE_ID_PATTERN);

    const first = await create('Rust Basics');
    const second = await create('Rust basics');
    expect(first._id).toBe('rust-basics');
    expect(second._id).toBe('rust-basics-2');
    // A removed course keeps its id: a new one does not take it.
    expect((await call('DELETE', '/api/admin/courses/rust-basics-2')).statusCode).toBe(200);
    expect((await create('RUST basics'))._id).toBe('rust-basics-3');
  });

  it('creates a draft with its sections and lessons, answers included', async () => {
    const course = await create('Draft Course');
    expect(course).toMatchObject({ _id: 'draft-course', published: false, price: 29.5 });
    expect(course.sections.map((section) => section.title)).toEqual(['Start', 'Check']);
    expect(course.sections[1]?.lessons[0]?.content).toEqual({
      kind: 'quiz',
      passPercent: 50,
      markdown: '',
      questions: [{ prompt: 'Two?', choices: ['1', '2'], answers: [1] }],
    });
    for (const section of course.sections) {
      expect(section._id).toMatch(COURSE_ID_PATTERN);
      for (const lesson of section.lessons) expect(lesson._id).toMatch(COURSE_ID_PATTERN);
    }

    const got = await call('GET', '/api/admin/courses/draft-course');
    expect(got.statusCode).toBe(200);
    expect(adminCourseSchema.parse(got.json())).toEqual(course);

    const [entry] = await listAudit(t.db, 'course:draft-course');
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      action: 'course.create',
      changes: { name: 'Draft Course', priceCents: 2950, sections: 2, lessons: 3 },
    });
  });

  it('lists every course not removed, drafts too, with lessons, minutes and owners', async () => {
    await create('Listed Draft');
    const buyer = await signIn(t.app, 'admin-courses-buyer');
    await buyCourses(t.app, gateway, buyer, [{ _id: 'c-02', quantity: 1 }]);
    await buyCourses(t.app, gateway, user, [{ _id: 'c-02', quantity: 1 }]);

    const res = await call('GET', '/api/admin/courses');
    expect(res.statusCode, res.body).toBe(200);
    const list = adminCourseListSchema.parse(res.json());
    const draft = list.find((course) => course._id === 'listed-draft');
    expect(draft).toMatchObject({ published: false, lessons: 3, minutes: 15, owners: 0 });
    expect(list.find((course) => course._id === 'c-02')).toMatchObject({
      published: true,
      owners: 2,
    });
    // The seed's order first, new courses after.
    expect(list[0]?._id).toBe('c-01');
    expect(list.map((course) => course._id)).not.toContain('rust-basics-2');
  });

  it('saves the whole course: kept ids keep learners’ ticks, left-out lessons lose theirs', async () => {
    const course = await create('Edit Me');
    const [start, check] = course.sections;
    if (!start || !check) throw new Error('no sections');
    const [read, watch] = start.lessons;
    const [quiz] = check.lessons;
    if (!read || !watch || !quiz) throw new Error('no lessons');
    await t.db.query(
      `insert into lesson_progress (user_email, course_id, lesson_id) values ($1, $2, $3), ($1, $2, $4)`,
      [user.email, course._id, read._id, watch._id],
    );

    // Sections swapped, the reading lesson moved into the quiz's section and renamed, the video
    // left out, a new lesson added.
    const draft = asDraft(course);
    draft.name = 'Edited';
    draft.price = 31;
    draft.sections = [
      {
        _id: check._id,
        title: 'Check first',
        lessons: [{ ...read, title: 'Read me again' }, quiz],
      },
      {
        _id: start._id,
        title: 'Start',
        lessons: [
          {
            title: 'Fresh',
            minutes: 4,
            preview: false,
            content: { kind: 'reading', markdown: 'New' },
          },
        ],
      },
    ];
    const saved = await save(course._id, draft);
    expect(saved.name).toBe('Edited');
    expect(saved.price).toBe(31);
    expect(Date.parse(saved.updatedAt)).toBeGreaterThan(Date.parse(course.updatedAt));
    expect(saved.sections.map((section) => section._id)).toEqual([check._id, start._id]);
    expect(saved.sections[0]?.lessons.map((lesson) => [lesson._id, lesson.title])).toEqual([
      [read._id, 'Read me again'],
      [quiz._id, 'Quiz'],
    ]);
    const fresh = saved.sections[1]?.lessons[0];
    expect(fresh?.title).toBe('Fresh');
    expect(fresh?._id).not.toBe(watch._id);

    const ticks = await t.db.query<{ lesson_id: string }>(
      'select lesson_id from lesson_progress where user_email = $1 and course_id = $2',
      [user.email, course._id],
    );
    expect(ticks.map((tick) => tick.lesson_id)).toEqual([read._id]);

    const [entry] = await listAudit(t.db, `course:${course._id}`);
    expect(entry).toMatchObject({
      action: 'course.update',
      changes: {
        name: ['Edit Me', 'Edited'],
        priceCents: [2950, 3100],
        sections: { added: 0, removed: 0, changed: 2 },
        // The reading lesson renamed and moved; the quiz moved down.
        lessons: { added: 1, removed: 1, changed: 2 },
      },
    });

    // Saving what is stored changes nothing: no new version, no audit row.
    const again = await save(course._id, asDraft(saved));
    expect(again.updatedAt).toBe(saved.updatedAt);
    expect(await listAudit(t.db, `course:${course._id}`)).toHaveLength(2);
  });

  it('refuses a save over a newer version with 409', async () => {
    const course = await create('Two Editors');
    const first = asDraft(course);
    const second = asDraft(course);
    await save(course._id, { ...first, summary: 'First editor' });
    expectError(
      await call('PUT', `/api/admin/courses/${course._id}`, { ...second, summary: 'Second' }),
      409,
      COURSE_MESSAGES.changedElsewhere,
    );
    const stored = adminCourseSchema.parse(
      (await call('GET', `/api/admin/courses/${course._id}`)).json(),
    );
    expect(stored.summary).toBe('First editor');
    // Without a version, the save goes through (a script's "last write wins").
    const { updatedAt: _version, ...unversioned } = second;
    expect((await save(course._id, { ...unversioned, summary: 'Forced' })).summary).toBe('Forced');
  });

  it("refuses another course's lesson, an unknown id and a repeated one, writing nothing", async () => {
    const mine = await create('Mine');
    const theirs = await create('Theirs');
    const foreignLesson = theirs.sections[0]?.lessons[0];
    const ownLesson = mine.sections[0]?.lessons[0];
    if (!foreignLesson || !ownLesson) throw new Error('no lessons');

    const withLessons = (lessons: CourseDraft['sections'][number]['lessons']): CourseDraft => ({
      ...asDraft(mine),
      sections: [{ title: 'Only', lessons }],
    });
    const url = `/api/admin/courses/${mine._id}`;
    expectError(
      await call('PUT', url, withLessons([foreignLesson])),
      400,
      COURSE_MESSAGES.foreignPart,
    );
    expectError(
      await call('PUT', url, withLessons([{ ...ownLesson, _id: 'no-such-lesson' }])),
      400,
      COURSE_MESSAGES.foreignPart,
    );
    expectError(
      await call('PUT', url, withLessons([ownLesson, ownLesson])),
      400,
      COURSE_MESSAGES.repeatedPart,
    );
    expectError(
      await call('PUT', url, {
        ...asDraft(mine),
        sections: [mine.sections[0], mine.sections[0]],
      }),
      400,
      COURSE_MESSAGES.repeatedPart,
    );
    // The other course's lesson is still its own.
    const after = adminCourseSchema.parse(
      (await call('GET', `/api/admin/courses/${theirs._id}`)).json(),
    );
    expect(after).toEqual(theirs);
    expect(adminCourseSchema.parse((await call('GET', url)).json())).toEqual(mine);
  });

  it('answers an invalid draft with 400 and the schema’s message', async () => {
    const course = await create('Validated');
    const draft = draftNamed('Validated');
    const bad = {
      ...draft,
      sections: [
        {
          title: 'S',
          lessons: [
            {
              title: 'V',
              minutes: 1,
              preview: false,
              content: { kind: 'video', url: 'http://example.com/x', markdown: '' },
            },
          ],
        },
      ],
    };
    const message = expectError(await call('PUT', `/api/admin/courses/${course._id}`, bad), 400);
    expect(message).toContain(COURSE_MESSAGES.videoUrl);
    expectError(await call('POST', '/api/admin/courses', { ...draft, name: '' }), 400);
    expectError(await call('POST', '/api/admin/courses', { ...draft, price: 1.234 }), 400);
    expectError(await call('POST', '/api/admin/courses', { ...draft, extra: 1 }), 400);
  });

  it('publishes and unpublishes, audited; a course with no lesson cannot be published', async () => {
    const course = await create('Publish Me');
    const publish = (published: boolean) =>
      call('PUT', `/api/admin/courses/${course._id}/published`, { published });

    const published = await publish(true);
    expect(published.statusCode, published.body).toBe(200);
    expect(adminCourseSchema.parse(published.json()).published).toBe(true);
    // A published course keeps at least one lesson.
    expectError(
      await call('PUT', `/api/admin/courses/${course._id}`, { ...asDraft(course), sections: [] }),
      400,
      COURSE_MESSAGES.publishNeedsLesson,
    );
    expect(adminCourseSchema.parse((await publish(false)).json()).published).toBe(false);
    const actions = (await listAudit(t.db, `course:${course._id}`)).map((entry) => entry.action);
    expect(actions).toEqual(['course.unpublish', 'course.publish', 'course.create']);

    const empty = await save(course._id, { ...asDraft(course), sections: [] });
    expect(empty.sections).toEqual([]);
    expectError(
      await call('PUT', `/api/admin/courses/${course._id}/published`, { published: true }),
      400,
      COURSE_MESSAGES.publishNeedsLesson,
    );
  });

  it('removes a course: unpublished, gone from the builder, rows and buyers kept', async () => {
    const course = await create('Remove Me');
    await call('PUT', `/api/admin/courses/${course._id}/published`, { published: true });
    const res = await call('DELETE', `/api/admin/courses/${course._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(courseRemovedSchema.parse(res.json())).toEqual({ _id: course._id, removed: true });

    const [row] = await t.db.query<{ published: boolean; removed: boolean; lessons: number }>(
      `select published, removed_at is not null as removed,
              (select count(*)::int from course_lessons l where l.course_id = courses.id) as lessons
       from courses where id = $1`,
      [course._id],
    );
    expect(row).toEqual({ published: false, removed: true, lessons: 3 });
    const [entry] = await listAudit(t.db, `course:${course._id}`);
    expect(entry?.action).toBe('course.remove');

    for (const [method, url, body] of [
      ['GET', `/api/admin/courses/${course._id}`, undefined],
      ['PUT', `/api/admin/courses/${course._id}`, asDraft(course)],
      ['PUT', `/api/admin/courses/${course._id}/published`, { published: true }],
      ['DELETE', `/api/admin/courses/${course._id}`, undefined],
    ] as const) {
      expectError(await call(method, url, body), 404, COURSE_MESSAGES.notFound);
    }
    expectError(await call('GET', '/api/admin/courses/never-was'), 404, COURSE_MESSAGES.notFound);
  });

  it('is for admins only: 403 to a user, 401 to a visitor', async () => {
    const course = await create('Admins Only');
    const routes = [
      ['GET', '/api/admin/courses', undefined],
      ['POST', '/api/admin/courses', draftNamed('Nope')],
      ['GET', `/api/admin/courses/${course._id}`, undefined],
      ['PUT', `/api/admin/courses/${course._id}`, asDraft(course)],
      ['PUT', `/api/admin/courses/${course._id}/published`, { published: true }],
      ['DELETE', `/api/admin/courses/${course._id}`, undefined],
    ] as const;
    for (const [method, url, body] of routes) {
      expectError(await call(method, url, body, user), 403);
      expectError(await call(method, url, body, null), 401);
    }
    expect(
      adminCourseSchema.parse((await call('GET', `/api/admin/courses/${course._id}`)).json()),
    ).toEqual(course);
  });
});
