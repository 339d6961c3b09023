import { useState } from 'react';
import { DashboardTable } from '@/components/dashboard-table';
import { EmptyNote } from '@/components/empty-state';
import { UsersIcon } from '@/components/icons/layout-icons';
import { TrashIcon } from '@/components/icons/trash-icon';
import { QueryView } from '@/components/query-view';
import { DashboardScreen } from '@/components/dashboard-screen';
import { Spinner } from '@/components/spinner';
import { RowActionButton } from '@/components/row-action-button';
import { apiFailureOf, errorMessageOr } from '@/lib/api/error-message';
import { useAuth } from '@/lib/auth';
import { confirmDialog, successPopup } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import {
  useDeleteUserMutation,
  useGetUsersQuery,
  useMakeAdminMutation,
  useRemoveAdminMutation,
} from '../api/users-api';
import type { UserRole } from '../types';
import type { Column } from '@/components/column-heads';

function RoleBadge({ role }: { role: UserRole }) {
  return role === 'admin' ? (
    <span className="badge badge-primary badge-sm font-semibold">Admin</span>
  ) : (
    <span className="badge badge-ghost badge-sm">User</span>
  );
}

/**
 * Make Admin (docs/product.md §2, §4, §6): every user, with Delete, Make admin for non-admins and
 * Remove admin for the other admins.
 */
const USER_COLUMNS: readonly Column[] = [
  { label: '#', className: 'w-10' },
  { label: 'Email' },
  { label: 'Actions', className: 'text-right' },
];

export function AllUsersScreen() {
  const { user } = useAuth();
  const { data, error, isError, isLoading, isFetching, refetch } = useGetUsersQuery();
  const [deleteUser] = useDeleteUserMutation();
  const [makeAdmin] = useMakeAdminMutation();
  const [removeAdmin] = useRemoveAdminMutation();
  const users = isError ? [] : (data ?? []);
  // A change refetches the list (its tag) while the current rows stay on screen.
  const isRefreshing = isFetching && !isLoading;
  const [pending, setPending] = useState<string | null>(null);

  const handleDelete = async (email: string) => {
    const confirmed = await confirmDialog({
      title: 'Are you sure?',
      text: `Delete ${email}? This can't be undone.`,
      confirmText: 'Yes, delete it!',
      danger: true,
    });
    if (!confirmed) return;
    setPending(email);
    try {
      await deleteUser(email).unwrap();
      void successPopup({ title: 'Deleted!', text: 'User has been deleted.' });
    } catch (deleteError) {
      notify.error(errorMessageOr(deleteError, 'The user could not be deleted.'));
    } finally {
      setPending(null);
    }
  };

  const handleMakeAdmin = async (email: string) => {
    const confirmed = await confirmDialog({
      title: 'Are you sure?',
      text: `Make ${email} an admin?`,
      confirmText: 'Yes, make admin!',
    });
    if (!confirmed) return;
    setPending(email);
    try {
      await makeAdmin(email).unwrap();
      void successPopup({ title: 'Admin made', text: email });
    } catch (promoteError) {
      // The spec's text, then the server's reason (e.g. a 403's message), as Delete shows it.
      const reason = apiFailureOf(promoteError)?.message;
      notify.error(reason ? `Failed to make admin: ${reason}` : 'Failed to make admin');
    } finally {
      setPending(null);
    }
  };

  const handleRemoveAdmin = async (email: string) => {
    const confirmed = await confirmDialog({
      title: 'Are you sure?',
      text: `Remove the admin rights of ${email}?`,
      confirmText: 'Yes, remove admin!',
      danger: true,
    });
    if (!confirmed) return;
    setPending(email);
    try {
      await removeAdmin(email).unwrap();
      notify.success(`${email} is no longer an admin.`);
    } catch (demoteError) {
      // The server's reason: one's own rights, the last admin, or an ADMIN_EMAILS admin (409).
      notify.error(errorMessageOr(demoteError, 'The admin rights could not be removed.'));
    } finally {
      setPending(null);
    }
  };

  return (
    <DashboardScreen
      eyebrow="Make Admin"
      headingId="all-users-heading"
      heading={`Total users: ${users.length}`}
      refreshing={isRefreshing}
    >
      <QueryView
        query={{ isLoading, isError, error, refetch }}
        loading={<Spinner label="Loading users…" />}
        errorText="Could not load the users."
        isEmpty={users.length === 0}
        empty={<EmptyNote icon={UsersIcon}>No users yet.</EmptyNote>}
      >
        <DashboardTable columns={USER_COLUMNS}>
          {users.map((row, index) => {
            const busy = pending === row.email;
            const isMe = row.email === user?.email?.toLowerCase();
            return (
              <tr key={row._id} className="hover:bg-base-200/40">
                <th
                  scope="row"
                  className="align-top font-medium text-base-content/70 sm:align-middle"
                >
                  {index + 1}
                </th>
                <td className="min-w-0 align-top sm:align-middle">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="break-all font-medium">{row.email}</span>
                    {isMe && <span className="text-xs text-base-content/70">(you)</span>}
                  </div>
                  <div className="mt-1">
                    <RoleBadge role={row.role} />
                  </div>
                </td>
                <td className="align-top sm:align-middle">
                  <div className="flex flex-col items-end gap-2 sm:flex-row sm:justify-end">
                    {row.role !== 'admin' && (
                      <button
                        type="button"
                        disabled={busy}
                        aria-label={`Make admin ${row.email}`}
                        onClick={() => void handleMakeAdmin(row.email)}
                        className="btn btn-outline btn-primary btn-xs whitespace-nowrap rounded-lg normal-case sm:btn-sm"
                      >
                        Make admin
                      </button>
                    )}
                    {/* The server refuses one's own rights (409): no button that cannot work. */}
                    {row.role === 'admin' && !isMe && (
                      <button
                        type="button"
                        disabled={busy}
                        aria-label={`Remove admin ${row.email}`}
                        onClick={() => void handleRemoveAdmin(row.email)}
                        className="btn btn-outline btn-xs whitespace-nowrap rounded-lg normal-case sm:btn-sm"
                      >
                        Remove admin
                      </button>
                    )}
                    {/* The server refuses one's own account (409): no button that cannot work. */}
                    {!isMe && (
                      <RowActionButton
                        label={`Delete ${row.email}`}
                        busy={busy}
                        icon={<TrashIcon className="h-4 w-4" />}
                        onClick={() => void handleDelete(row.email)}
                      >
                        Delete
                      </RowActionButton>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </DashboardTable>
      </QueryView>
    </DashboardScreen>
  );
}
