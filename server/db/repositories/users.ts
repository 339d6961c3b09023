import { wouldRemoveLastAdmin } from '../../../contract/last-admin';
import type { UserProfile, UserRole, UserSummary } from '../../../contract/users';
import type { Db, Queryable } from '../client';

/** The profile form's limit on a name (contract/users.ts profileUpdateBodySchema). */
const NAME_MAX_LENGTH = 100;

/** Every address passed in here is already normalised (trimmed, lower-case) by the contract. */

type UserRow = {
  id: string;
  email: string;
  firebase_uid: string | null;
  role: UserRole;
  name: string;
  education: string;
  phone_number: string;
  address: string;
  social: string;
  sign_up_date: Date | string | null;
};

const USER_COLUMNS =
  'id, email, firebase_uid, role, name, education, phone_number, address, social, sign_up_date';

export type User = {
  id: string;
  email: string;
  firebaseUid: string | null;
  role: UserRole;
  profile: UserProfile;
  /** Whether the sign-up date is already known (it is written once, from Firebase). */
  hasSignUpDate: boolean;
};

function toIso(value: Date | string | null): string {
  if (value === null) return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firebaseUid: row.firebase_uid,
    role: row.role,
    hasSignUpDate: row.sign_up_date !== null,
    profile: {
      email: row.email,
      name: row.name,
      education: row.education,
      phoneNumber: row.phone_number,
      address: row.address,
      social: row.social,
      signUpDate: toIso(row.sign_up_date),
    },
  };
}

export async function findUserByEmail(db: Queryable, email: string): Promise<User | undefined> {
  const [row] = await db.query<UserRow>(`select ${USER_COLUMNS} from users where email = $1`, [
    email,
  ]);
  return row ? toUser(row) : undefined;
}

export type SignInInput = {
  email: string;
  firebaseUid: string;
  /** Listed in ADMIN_EMAILS: always admin. Otherwise the stored role is kept (new users: user). */
  isConfiguredAdmin: boolean;
  /** Stored only while no sign-up date is known. */
  signUpDate: string | null;
  /** The account's display name: the profile's name while the profile has none (certificates). */
  name?: string | null;
};

/** Creates or refreshes the account at a token exchange; returns it as stored. */
export async function upsertOnSignIn(db: Queryable, input: SignInInput): Promise<User> {
  const [row] = await db.query<UserRow>(
    `insert into users (email, firebase_uid, role, sign_up_date, name)
     values ($1, $2, case when $3::boolean then 'admin' else 'user' end, $4::timestamptz, $5)
     on conflict (email) do update set
       firebase_uid = excluded.firebase_uid,
       role = case when $3::boolean then 'admin' else users.role end,
       sign_up_date = coalesce(users.sign_up_date, excluded.sign_up_date),
       name = case when users.name = '' then excluded.name else users.name end,
       updated_at = now()
     returning ${USER_COLUMNS}`,
    [
      input.email,
      input.firebaseUid,
      input.isConfiguredAdmin,
      input.signUpDate,
      (input.name ?? '').replaceAll('\u0000', '').trim().slice(0, NAME_MAX_LENGTH),
    ],
  );
  if (!row) throw new Error('upsert returned no row');
  return toUser(row);
}

export type ProfileFields = Pick<
  UserProfile,
  'name' | 'education' | 'phoneNumber' | 'address' | 'social'
>;

/** Writes the editable fields; `signUpDate` only fills a date not yet known. False: no user. */
export async function updateProfile(
  db: Queryable,
  email: string,
  fields: ProfileFields,
  signUpDate: string | null,
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update users set
       name = $2, education = $3, phone_number = $4, address = $5, social = $6,
       sign_up_date = coalesce(sign_up_date, $7::timestamptz),
       updated_at = now()
     where email = $1
     returning id`,
    [
      email,
      fields.name,
      fields.education,
      fields.phoneNumber,
      fields.address,
      fields.social,
      signUpDate,
    ],
  );
  return rows.length > 0;
}

/** Every user, ordered by address (byte-wise, the same on PGlite and any PostgreSQL). */
export async function listUsers(db: Queryable): Promise<UserSummary[]> {
  const rows = await db.query<{ id: string; email: string; role: UserRole }>(
    'select id, email, role from users order by email collate "C"',
  );
  return rows.map((row) => ({ _id: row.id, email: row.email, role: row.role }));
}

export type MakeAdminResult = { found: false } | { found: true; modifiedCount: 0 | 1 };

/** Promotes a user; `modifiedCount` 0 when they already were an admin. */
export async function makeAdmin(db: Queryable, email: string): Promise<MakeAdminResult> {
  const promoted = await db.query<{ id: string }>(
    `update users set role = 'admin', updated_at = now()
     where email = $1 and role <> 'admin'
     returning id`,
    [email],
  );
  if (promoted.length > 0) return { found: true, modifiedCount: 1 };
  const existing = await db.query<{ id: string }>('select id from users where email = $1', [email]);
  return existing.length > 0 ? { found: true, modifiedCount: 0 } : { found: false };
}

export type DeleteUserOutcome = 'deleted' | 'not-found' | 'self' | 'last-admin';

// The rule itself is shared with the web app's msw fakes.
export { wouldRemoveLastAdmin };

/**
 * Deletes a user for an admin: never the caller, never the last admin. The admin rows and the
 * target are locked (`for update`) while the rule is checked and the row deleted, so two admins
 * deleting each other at once cannot both succeed. `beforeDelete` (the Firebase account) runs
 * inside the transaction: when it fails, the row stays and the admin can retry. The row's
 * cart lines and orders go with it (`on delete cascade`).
 */
export async function deleteUserAsAdmin(
  db: Pick<Db, 'transaction'>,
  input: { email: string; callerEmail: string; beforeDelete?: (user: User) => Promise<void> },
): Promise<DeleteUserOutcome> {
  if (input.email === input.callerEmail) return 'self';
  return db.transaction(async (tx) => {
    const { targetRow, admins } = await lockAdminsAnd(tx, input.email);
    if (!targetRow) return 'not-found';
    if (wouldRemoveLastAdmin(targetRow, admins)) return 'last-admin';

    await input.beforeDelete?.(toUser(targetRow));
    await tx.query('delete from users where id = $1', [targetRow.id]);
    return 'deleted';
  });
}

/**
 * Locks (`for update`, in id order) every admin row and the row of `email`, for the rest of the
 * transaction: the last-admin rule is decided on these, so two admins deleting or demoting each
 * other at once cannot both succeed (the second waits, then sees the first's change).
 */
async function lockAdminsAnd(
  tx: Queryable,
  email: string,
): Promise<{ targetRow: UserRow | undefined; admins: string[] }> {
  const locked = await tx.query<UserRow>(
    `select ${USER_COLUMNS} from users
     where role = 'admin' or email = $1
     order by id
     for update`,
    [email],
  );
  return {
    targetRow: locked.find((row) => row.email === email),
    admins: locked.filter((row) => row.role === 'admin').map((row) => row.email),
  };
}

export type RemoveAdminOutcome =
  'removed' | 'not-admin' | 'not-found' | 'self' | 'configured-admin' | 'last-admin';

/**
 * Takes an admin's rights away for another admin: never the caller's own, never a configured
 * admin's (ADMIN_EMAILS: the next sign-in would give them back), never the last admin's. Locked
 * as `deleteUserAsAdmin` is, so an admin deleted or demoted at the same time counts.
 */
export async function removeAdminAsAdmin(
  db: Pick<Db, 'transaction'>,
  input: { email: string; callerEmail: string; configuredAdmins: readonly string[] },
): Promise<RemoveAdminOutcome> {
  if (input.email === input.callerEmail) return 'self';
  return db.transaction(async (tx) => {
    const { targetRow, admins } = await lockAdminsAnd(tx, input.email);
    if (!targetRow) return 'not-found';
    if (targetRow.role !== 'admin') return 'not-admin';
    if (input.configuredAdmins.includes(targetRow.email)) return 'configured-admin';
    if (wouldRemoveLastAdmin(targetRow, admins)) return 'last-admin';

    await tx.query("update users set role = 'user', updated_at = now() where id = $1", [
      targetRow.id,
    ]);
    return 'removed';
  });
}
