import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COURSE_MESSAGES } from '@contract/course-rules';
import { courseDraftSchema, type CourseDraft } from '@contract/courses';
import { buildShipping, buildUser } from '@/testing/data';
import { db } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';

const ADMIN = 'admin@learntogether.test';

/** The builder's writes (`PUT /api/admin/courses/rust-basics`) with their JSON bodies; no other. */
let writes: Array<{ call: string; body: unknown }> = [];
const record = async ({ request }: { request: Request }) => {
  const { pathname } = new URL(request.url);
  if (request.method === 'GET' || !pathname.includes('/admin/courses')) return;
  const text = await request.clone().text();
  writes.push({
    call: `${request.method} ${pathname}`,
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
  });
};
beforeEach(() => {
  writes = [];
  server.events.on('request:start', record);
});
afterEach(() => {
  server.events.removeListener('request:start', record);
});

function renderAt(route: string, isAdmin = true) {
  return renderApp(
    { route },
    {
      auth: {
        user: buildUser({ email: isAdmin ? ADMIN : 'student@learntogether.test' }),
        isAdmin,
      },
    },
  );
}

/** The body of the one write to `call`, checked against the contract's draft schema. */
function draftSent(call: string): CourseDraft {
  const sent = writes.filter((write) => write.call === call);
  expect(sent).toHaveLength(1);
  return courseDraftSchema.parse(sent[0]?.body);
}

describe('the Courses screen (admin)', () => {
  it('lists every course with price, lessons, owners and a Published or Draft badge', async () => {
    db.payments.push({
      id: 'pi_c',
      clientSecret: 'pi_c_secret_x',
      email: 'sam@example.test',
      source: 'courses',
      lines: [{ name: 'React', quantity: 1, unitPriceCents: 4999, courseId: 'c-react' }],
      amountCents: 4999,
      shipping: buildShipping({ email: 'sam@example.test' }),
      status: 'succeeded',
    });
    renderAt('/dashboard/courses');
    await screen.findByRole('heading', { level: 1, name: 'Courses and drafts' });
    const table = await screen.findByRole('table');
    const react = within(table).getByRole('row', { name: /React from Zero to Hero/ });
    expect(within(react).getByText('$49.99')).toBeInTheDocument();
    expect(within(react).getByText('Published')).toBeInTheDocument();
    // 2 lessons, 1 owner: the cells after the price.
    const cells = within(react)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 3)).toEqual(['$49.99', '2', '1']);
    const rust = within(table).getByRole('row', { name: /Rust Basics/ });
    expect(within(rust).getByText('Draft')).toBeInTheDocument();
    expect(within(rust).getByRole('link', { name: 'Edit Rust Basics' })).toHaveAttribute(
      'href',
      '/dashboard/courses/rust-basics',
    );
    expect(screen.getByRole('link', { name: 'New course' })).toHaveAttribute(
      'href',
      '/dashboard/courses/new',
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('link', {
        name: 'Courses',
      }),
    ).toHaveAttribute('href', '/dashboard/courses');
  });

  it('sends a user who is not an admin to the login page, unasked', async () => {
    const { router } = renderAt('/dashboard/courses', false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('heading', { name: 'Courses and drafts' })).not.toBeInTheDocument();
    expect(writes).toEqual([]);
  });
});

describe('the course builder', () => {
  it('adds a section and a lesson, reorders, and saves the whole course with its ids', async () => {
    const { user } = renderAt('/dashboard/courses/rust-basics');
    await screen.findByRole('heading', { level: 1, name: /Edit Rust Basics/ });
    expect(screen.getByRole('link', { name: 'Preview as a learner' })).toHaveAttribute(
      'href',
      '/courses/rust-basics',
    );

    await user.click(screen.getByRole('button', { name: 'Add a section' }));
    const titles = screen.getAllByLabelText('Section title');
    await user.type(titles[1] as HTMLElement, 'Borrowing');
    await user.click(screen.getByRole('button', { name: 'Add a reading lesson to Borrowing' }));
    await user.type(screen.getByLabelText('Lesson title'), 'References');
    await user.type(screen.getByLabelText('Lesson text (markdown)'), '# Refs{enter}Use `&x`.');

    // The preview renders the markdown, raw HTML off.
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = screen.getByRole('region', { name: 'Preview of References' });
    expect(within(preview).getByRole('heading', { name: 'Refs' })).toBeInTheDocument();
    expect(within(preview).getByText('&x')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move section Borrowing up' }));
    expect(
      screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent),
    ).toEqual(['Section 1: Borrowing', 'Section 2: Ownership']);

    await user.click(screen.getByRole('button', { name: 'Save course' }));
    await screen.findByText('Saved Rust Basics.');

    const draft = draftSent('PUT /api/admin/courses/rust-basics');
    expect(draft.updatedAt).toBe('2026-01-05T10:00:00.000Z');
    expect(draft.sections).toEqual([
      {
        title: 'Borrowing',
        lessons: [
          {
            title: 'References',
            minutes: 5,
            preview: false,
            content: { kind: 'reading', markdown: '# Refs\nUse `&x`.' },
          },
        ],
      },
      { _id: 'rust-basics-s-1', title: 'Ownership', lessons: [] },
    ]);
    // The saved course's new ids are the form's now: a second save keeps them.
    await user.click(screen.getByRole('button', { name: 'Save course' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    const second = courseDraftSchema.parse(writes[1]?.body);
    expect(second.sections[0]?._id).toBe(db.adminCourses.at(-1)?.sections[0]?._id);
    expect(second.sections[0]?.lessons[0]?._id).toMatch(/^rust-basics-l-/);
  });

  it('edits a quiz: choices added and removed, right answers ticked', async () => {
    const { user } = renderAt('/dashboard/courses/c-python');
    await screen.findByRole('heading', { level: 1, name: /Edit Python for Data Science/ });
    await user.click(screen.getByRole('button', { name: 'Add a choice to question 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Choice 3 of question 1' }), 'Maybe');
    await user.click(screen.getByRole('checkbox', { name: 'Choice 3 of question 1 is right' }));
    await user.click(screen.getByRole('button', { name: 'Remove choice 2 of question 1' }));
    await user.click(screen.getByRole('button', { name: 'Save course' }));
    await screen.findByText('Saved Python for Data Science.');
    const quiz = draftSent('PUT /api/admin/courses/c-python').sections[0]?.lessons[1]?.content;
    expect(quiz).toEqual({
      kind: 'quiz',
      passPercent: 50,
      markdown: '',
      questions: [{ prompt: 'Ready?', choices: ['Yes', 'Maybe'], answers: [0, 1] }],
    });
  });

  it('shows the form’s errors by the fields and sends nothing', async () => {
    const { user } = renderAt('/dashboard/courses/rust-basics');
    await screen.findByRole('heading', { level: 1, name: /Edit Rust Basics/ });
    await user.click(screen.getByRole('button', { name: 'Add a video lesson to Ownership' }));
    await user.type(screen.getByLabelText('Video link'), 'http://example.com/clip');
    await user.click(screen.getByRole('button', { name: 'Save course' }));
    expect(await screen.findByText(COURSE_MESSAGES.videoUrl)).toBeInTheDocument();
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(
      screen.getByText('Some fields need attention: see the messages by them.'),
    ).toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it("shows the server's refusal at the top: a save over another admin's", async () => {
    const { user } = renderAt('/dashboard/courses/rust-basics');
    await screen.findByRole('heading', { level: 1, name: /Edit Rust Basics/ });
    const stored = db.adminCourses.find((course) => course._id === 'rust-basics');
    if (!stored) throw new Error('no course');
    stored.updatedAt = '2026-02-01T00:00:00.000Z';
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Rust, Gently');
    await user.click(screen.getByRole('button', { name: 'Save course' }));
    expect(await screen.findByText(COURSE_MESSAGES.changedElsewhere)).toBeInTheDocument();
    expect(stored.name).toBe('Rust Basics');
  });

  it('refuses to publish a course without a lesson, and publishes one with', async () => {
    const { user } = renderAt('/dashboard/courses/rust-basics');
    await screen.findByRole('heading', { level: 1, name: /Edit Rust Basics/ });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(COURSE_MESSAGES.publishNeedsLesson)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a reading lesson to Ownership' }));
    await user.type(screen.getByLabelText('Lesson title'), 'Moves');
    await user.type(screen.getByLabelText('Lesson text (markdown)'), 'A value has one owner.');
    await user.click(screen.getByRole('button', { name: 'Save course' }));
    await screen.findByText('Saved Rust Basics.');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
    expect(db.adminCourses.find((course) => course._id === 'rust-basics')?.published).toBe(true);
  });

  it('creates a draft and opens it', async () => {
    const { user, router } = renderAt('/dashboard/courses/new');
    await screen.findByRole('heading', { level: 1, name: 'New course' });
    await user.type(screen.getByLabelText('Name'), 'Go in a Week');
    await user.type(
      screen.getByLabelText('What you will learn'),
      'Goroutines{enter}{enter}Channels',
    );
    await user.click(screen.getByRole('button', { name: 'Create draft' }));
    await screen.findByRole('heading', { level: 1, name: /Edit Go in a Week/ });
    expect(router.state.location.pathname).toBe('/dashboard/courses/go-in-a-week');
    const draft = draftSent('POST /api/admin/courses');
    expect(draft).toMatchObject({
      name: 'Go in a Week',
      outcomes: ['Goroutines', 'Channels'],
      sections: [{ title: 'Getting started', lessons: [] }],
    });
  });

  it('removes a course after a confirm and goes back to the list', async () => {
    const { user, router } = renderAt('/dashboard/courses/rust-basics');
    await screen.findByRole('heading', { level: 1, name: /Edit Rust Basics/ });
    await user.click(screen.getByRole('button', { name: 'Remove course' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Yes, remove it' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/courses'));
    expect(writes.map((write) => write.call)).toEqual(['DELETE /api/admin/courses/rust-basics']);
    expect(db.adminCourses.some((course) => course._id === 'rust-basics')).toBe(false);
  });
});
