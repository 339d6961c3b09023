import { useState } from 'react';
import { QueryView } from '@/components/query-view';
import { Spinner } from '@/components/spinner';
import { apiFailureOf } from '@/lib/api/error-message';
import { useAuth } from '@/lib/auth';
import { successPopup } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { useGetProfileQuery, useUpdateProfileMutation } from '../api/profile-api';
import { ProfileAvatar } from './profile-avatar';
import { ProfileDetails } from './profile-details';
import { ProfileForm, type ProfileFormValues } from './profile-form';

type Props = {
  /** Sets the display name at the identity provider; 'no-user' when nobody is signed in there. */
  updateDisplayName: (name: string) => Promise<'updated' | 'no-user'>;
};

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  education: 'University',
  phoneNumber: 'Phone number',
  address: 'Address',
  social: 'Social media link',
};

/** The server names fields by their API keys ("phoneNumber: …"); users see the form's labels. */
function updateErrorMessage(error: unknown): string {
  const failure = apiFailureOf(error);
  if (!failure) return 'Your profile could not be updated. Please try again.';
  return failure.message.replace(
    /\b(name|education|phoneNumber|address|social): /g,
    (_, field: string) => `${FIELD_LABELS[field] ?? field}: `,
  );
}

/** The account's creation time as an ISO string ('' when unknown). */
function toIsoDate(time: string | null): string {
  const date = time ? new Date(time) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : '';
}

function memberSince(time: string | null): string | null {
  const iso = toIsoDate(time);
  if (!iso) return null;
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/** Dashboard profile (docs/product.md §2, §4): view mode, and edit mode after "Edit profile". */
export function ProfileScreen({ updateDisplayName }: Props) {
  const { user, refreshUser } = useAuth();
  const email = user?.email ?? '';
  const {
    currentData: profile,
    error,
    isError,
    refetch,
  } = useGetProfileQuery(email, { skip: !email });
  const [updateProfile] = useUpdateProfileMutation();
  // `currentData` belongs to this email only; a retry shows loading until its answer lands.
  const isLoading = profile === undefined && !isError;
  const [editing, setEditing] = useState(false);

  if (!user) return null;
  const name = user.displayName || profile?.name || '';
  const since = memberSince(user.creationTime);

  const handleUpdate = async (values: ProfileFormValues) => {
    if (!profile) return;
    const body = {
      email,
      name: values.name.trim(),
      education: values.education.trim(),
      social: values.social.trim(),
      phoneNumber: values.phoneNumber.trim(),
      address: values.address.trim(),
      signUpDate: toIsoDate(user.creationTime),
    };
    try {
      await updateProfile(body).unwrap();
    } catch (updateError) {
      notify.error(updateErrorMessage(updateError));
      return;
    }
    if (body.name !== (user.displayName ?? '')) {
      try {
        if ((await updateDisplayName(body.name)) === 'no-user') {
          notify.error('No user is logged in');
          return;
        }
        await refreshUser();
      } catch {
        notify.error('Your name could not be changed. Please try again.');
        return;
      }
    }
    setEditing(false);
    void successPopup({ title: 'Your profile is updated', timer: 1500 });
  };

  return (
    <div className="space-y-6">
      <section
        aria-labelledby="profile-greeting"
        className="overflow-hidden rounded-2xl bg-base-100 shadow-sm ring-1 ring-base-200"
      >
        <div className="h-24 bg-gradient-to-r from-primary/80 via-primary to-indigo-700 sm:h-28" />
        <div className="px-5 pb-6 sm:px-8">
          {/* The avatar overlaps the banner; the button and the greeting stay below it. */}
          <div className="-mt-10 flex items-end justify-between gap-4 sm:-mt-12">
            <ProfileAvatar photoURL={user.photoURL} name={name} email={email} />
            {!editing && (
              <button
                type="button"
                onClick={() => setEditing(true)}
                disabled={!profile}
                className="btn btn-outline btn-primary btn-sm rounded-xl normal-case"
              >
                Edit profile
              </button>
            )}
          </div>
          <div className="mt-4 min-w-0">
            <h1 id="profile-greeting" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Hello, {name || 'empty name'}
            </h1>
            <p className="mt-1 break-all text-sm text-base-content/70">{email}</p>
            {since && <p className="mt-0.5 text-xs text-base-content/70">Member since {since}</p>}
          </div>
        </div>
      </section>

      <section
        aria-labelledby="profile-details-heading"
        className="rounded-2xl bg-base-100 p-5 shadow-sm ring-1 ring-base-200 sm:p-8"
      >
        <h2 id="profile-details-heading" className="mb-6 text-lg font-semibold">
          {editing ? 'Edit your profile' : 'About you'}
        </h2>
        <QueryView
          query={{ isLoading, isError, error, refetch }}
          loading={<Spinner label="Loading your profile…" className="py-8" />}
          errorText="Could not load your profile."
        >
          {() =>
            profile &&
            (editing ? (
              <ProfileForm
                defaultValues={{
                  name,
                  education: profile.education,
                  phoneNumber: profile.phoneNumber,
                  address: profile.address,
                  social: profile.social,
                }}
                onSubmit={handleUpdate}
                onCancel={() => setEditing(false)}
              />
            ) : (
              <ProfileDetails profile={profile} />
            ))
          }
        </QueryView>
      </section>
    </div>
  );
}
