import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_MESSAGES } from '@contract/users';
import { buildUser } from '@/testing/data';
import { db } from '@/testing/mocks/db';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';

const ADMIN = 'admin@learntogether.test';

// Seeded accounts (src/testing/mocks/db.ts), by email: the admin, a reader and a student.
function renderAsAdmin() {
  return renderApp(
    { route: '/dashboard/allusers' },
    { auth: { user: buildUser({ email: ADMIN, displayName: 'Ada Admin' }) } },
  );
}

/** The email cell's name starts with the address (the actions cell only mentions it later). */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.+]/g, '\\$&')}`);

async function rowOf(email: string) {
  const row = await waitFor(() => {
    const match = screen
      .getAllByRole('row')
      .find((candidate) => within(candidate).queryByRole('cell', { name: startsWith(email) }));
    if (!match) throw new Error(`no table row for ${email}`);
    return match;
  });
  return within(row);
}

/** The remove-admin calls the app sent, from msw's request events. */
let removeAdminCalls: string[] = [];
const record = ({ request }: { request: Request }) => {
  const { pathname } = new URL(request.url);
  if (pathname.includes('/allusers/removeadmin/')) {
    removeAdminCalls.push(`${request.method} ${decodeURIComponent(pathname)}`);
  }
};
beforeEach(() => {
  removeAdminCalls = [];
  server.events.on('request:start', record);
});
afterEach(() => {
  server.events.removeListener('request:start', record);
});

/** Makes a seeded account an admin before the screen loads. */
function promoteInDb(email: string) {
  const account = db.users.find((candidate) => candidate.email === email);
  if (!account) throw new Error(`no seeded account ${email}`);
  account.role = 'admin';
}

/** The sweetalert2 dialog (rendered into document.body). */
async function dialog() {
  return within(await screen.findByRole('dialog'));
}

describe('Make Admin', () => {
  it('shows the total and a table of #, Email and Actions with role badges', async () => {
    renderAsAdmin();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Total users: 3' }),
    ).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['#', 'Email', 'Actions']);

    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '1',
      '2',
      '3',
    ]);
    const admin = await rowOf(ADMIN);
    expect(admin.getByText('Admin')).toBeInTheDocument();
    expect(admin.queryByRole('button', { name: /make admin/i })).not.toBeInTheDocument();
    // The caller's own row: the server refuses to delete one's own account.
    expect(admin.queryByRole('button', { name: `Delete ${ADMIN}` })).not.toBeInTheDocument();

    const student = await rowOf('student@learntogether.test');
    expect(student.getByText('User')).toBeInTheDocument();
    expect(
      student.getByRole('button', { name: 'Make admin student@learntogether.test' }),
    ).toBeInTheDocument();
    expect(
      student.getByRole('button', { name: 'Delete student@learntogether.test' }),
    ).toBeInTheDocument();
  });

  it('a list in a shape the contract does not allow is a load error with Try again', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get(apiPath('/allusers'), () => HttpResponse.json([{ email: 42 }]), { once: true }),
    );
    const { user } = renderAsAdmin();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the users.');
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await rowOf(ADMIN);
  });

  it('Delete asks first, deletes, says so and reloads the list', async () => {
    const { user } = renderAsAdmin();
    const reader = await rowOf('reader@learntogether.test');
    await user.click(reader.getByRole('button', { name: /delete/i }));

    const confirm = await dialog();
    expect(confirm.getByText('Are you sure?')).toBeInTheDocument();
    expect(
      confirm.getByText("Delete reader@learntogether.test? This can't be undone."),
    ).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Yes, delete it!' }));

    expect(await screen.findByText('User has been deleted.')).toBeInTheDocument();
    expect(screen.getByText('Deleted!')).toBeInTheDocument();
    expect(db.users.map((account) => account.email)).not.toContain('reader@learntogether.test');
    await user.click(screen.getByRole('button', { name: 'OK' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Total users: 2' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('cell', { name: startsWith('reader@learntogether.test') }),
    ).not.toBeInTheDocument();
  });

  it('Cancel in the confirmation deletes nothing', async () => {
    const { user } = renderAsAdmin();
    const reader = await rowOf('reader@learntogether.test');
    await user.click(reader.getByRole('button', { name: /delete/i }));
    await user.click((await dialog()).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(db.users).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 1, name: 'Total users: 3' })).toBeInTheDocument();
  });

  it("offers no Delete on the admin's own row (the server would refuse it)", async () => {
    renderAsAdmin();
    const me = await rowOf(ADMIN);
    expect(me.getByText('(you)')).toBeInTheDocument();
    expect(me.queryByRole('button', { name: /delete/i })).not.toBeInTheDocument();
    const student = await rowOf('student@learntogether.test');
    expect(student.getByRole('button', { name: /delete/i })).toBeInTheDocument();
  });

  it("shows the server's 409 message when it refuses a deletion", async () => {
    server.use(
      http.delete(apiPath('/allusers/dlt/:email'), () =>
        HttpResponse.json(
          { error: { code: 'conflict', message: 'The last admin cannot be deleted.' } },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderAsAdmin();
    const student = await rowOf('student@learntogether.test');
    await user.click(student.getByRole('button', { name: /delete/i }));
    await user.click((await dialog()).getByRole('button', { name: 'Yes, delete it!' }));

    expect(await screen.findByText('The last admin cannot be deleted.')).toBeInTheDocument();
    expect(screen.queryByText('User has been deleted.')).not.toBeInTheDocument();
    expect(db.users).toHaveLength(3);
  });

  it('Make admin asks first, promotes, says so with the email and reloads', async () => {
    const { user } = renderAsAdmin();
    const student = await rowOf('student@learntogether.test');
    await user.click(student.getByRole('button', { name: /make admin/i }));

    const confirm = await dialog();
    expect(confirm.getByText('Make student@learntogether.test an admin?')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Yes, make admin!' }));

    const done = await screen.findByText('Admin made');
    expect(
      within(done.closest('[role="dialog"]') as HTMLElement).getByText(
        'student@learntogether.test',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));

    await waitFor(async () => {
      const promoted = await rowOf('student@learntogether.test');
      expect(promoted.getByText('Admin')).toBeInTheDocument();
      expect(promoted.queryByRole('button', { name: /make admin/i })).not.toBeInTheDocument();
    });
  });

  it("a 403 when promoting shows 'Failed to make admin' with the server's message", async () => {
    server.use(
      http.put(apiPath('/allusers/makeadmin/:email'), () =>
        HttpResponse.json(
          { error: { code: 'forbidden', message: 'Only admins can do this.' } },
          { status: 403 },
        ),
      ),
    );
    const { user } = renderAsAdmin();
    const student = await rowOf('student@learntogether.test');
    await user.click(student.getByRole('button', { name: /make admin/i }));
    await user.click((await dialog()).getByRole('button', { name: 'Yes, make admin!' }));

    expect(
      await screen.findByText('Failed to make admin: Only admins can do this.'),
    ).toBeInTheDocument();
    expect(db.users.find((account) => account.email === 'student@learntogether.test')?.role).toBe(
      'user',
    );
  });

  it('shows whatever the server says when a promotion fails, e.g. a 404', async () => {
    const { user } = renderAsAdmin();
    const student = await rowOf('student@learntogether.test');
    // The account disappears between the list and the click.
    db.users.splice(
      db.users.findIndex((account) => account.email === 'student@learntogether.test'),
      1,
    );
    await user.click(student.getByRole('button', { name: /make admin/i }));
    await user.click((await dialog()).getByRole('button', { name: 'Yes, make admin!' }));

    expect(await screen.findByText(/^Failed to make admin: .+/)).toHaveTextContent(
      `Failed to make admin: ${USER_MESSAGES.notFound}`,
    );
  });

  it("offers Remove admin on the other admins' rows only (not one's own, not a user's)", async () => {
    promoteInDb('reader@learntogether.test');
    renderAsAdmin();
    const reader = await rowOf('reader@learntogether.test');
    expect(
      reader.getByRole('button', { name: 'Remove admin reader@learntogether.test' }),
    ).toBeInTheDocument();
    expect(reader.queryByRole('button', { name: /make admin/i })).not.toBeInTheDocument();
    const me = await rowOf(ADMIN);
    expect(me.queryByRole('button', { name: /remove admin/i })).not.toBeInTheDocument();
    const student = await rowOf('student@learntogether.test');
    expect(student.queryByRole('button', { name: /remove admin/i })).not.toBeInTheDocument();
  });

  it('Remove admin asks first, removes the rights, says so and reloads the row', async () => {
    promoteInDb('reader@learntogether.test');
    const { user } = renderAsAdmin();
    const reader = await rowOf('reader@learntogether.test');
    await user.click(reader.getByRole('button', { name: /remove admin/i }));

    const confirm = await dialog();
    expect(confirm.getByText('Are you sure?')).toBeInTheDocument();
    expect(
      confirm.getByText('Remove the admin rights of reader@learntogether.test?'),
    ).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Yes, remove admin!' }));

    expect(
      await screen.findByText('reader@learntogether.test is no longer an admin.'),
    ).toBeInTheDocument();
    expect(removeAdminCalls).toEqual(['PUT /api/allusers/removeadmin/reader@learntogether.test']);
    await waitFor(async () => {
      const demoted = await rowOf('reader@learntogether.test');
      expect(demoted.getByText('User')).toBeInTheDocument();
      expect(demoted.getByRole('button', { name: /make admin/i })).toBeInTheDocument();
      expect(demoted.queryByRole('button', { name: /remove admin/i })).not.toBeInTheDocument();
    });
  });

  it('Cancel in the confirmation removes nothing and sends nothing', async () => {
    promoteInDb('reader@learntogether.test');
    const { user } = renderAsAdmin();
    const reader = await rowOf('reader@learntogether.test');
    await user.click(reader.getByRole('button', { name: /remove admin/i }));
    await user.click((await dialog()).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(removeAdminCalls).toEqual([]);
    expect(db.users.find((account) => account.email === 'reader@learntogether.test')?.role).toBe(
      'admin',
    );
    expect(reader.getByRole('button', { name: /remove admin/i })).toBeInTheDocument();
  });

  it("shows the server's 409 message when it refuses to remove the rights", async () => {
    promoteInDb('reader@learntogether.test');
    server.use(
      http.put(apiPath('/allusers/removeadmin/:email'), () =>
        HttpResponse.json(
          { error: { code: 'conflict', message: USER_MESSAGES.configuredAdmin } },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderAsAdmin();
    const reader = await rowOf('reader@learntogether.test');
    await user.click(reader.getByRole('button', { name: /remove admin/i }));
    await user.click((await dialog()).getByRole('button', { name: 'Yes, remove admin!' }));

    expect(await screen.findByText(USER_MESSAGES.configuredAdmin)).toBeInTheDocument();
    expect(screen.queryByText(/is no longer an admin/)).not.toBeInTheDocument();
    expect(db.users.find((account) => account.email === 'reader@learntogether.test')?.role).toBe(
      'admin',
    );
  });
});
