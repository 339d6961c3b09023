import type { ReactNode } from 'react';
import { GraduationCapIcon, UsersIcon } from '@/components/icons/layout-icons';
import { BookIcon } from '@/components/icons/book-icon';
import { CheckIcon } from '@/components/icons/check-icon';
import { Spinner } from '@/components/spinner';
import { env } from '@/config/env';

/** What the login and signup pages say when the build has no identity provider to talk to. */
export const IDENTITY_NOT_CONFIGURED = 'Sign-in is not configured.';

const perks = [
  { icon: BookIcon, text: 'Hand-picked books, delivered to your door' },
  { icon: GraduationCapIcon, text: 'Practical online courses at your own pace' },
  { icon: UsersIcon, text: 'Topic chat rooms to learn with friends' },
];

type Props = {
  title: string;
  subtitle: string;
  /**
   * The session is being checked: the form keeps its room but is not shown and takes no input,
   * under "Checking your sign-in…". A signed-in user is taken on before ever seeing it; a
   * visitor's form appears where the page already had room for it, so nothing moves. The state
   * every visit starts in, so the screen is prerendered with it (docs/decisions.md D49).
   */
  checking: boolean;
  children: ReactNode;
};

/** The frame of the login and signup screens: a welcome panel (large screens) and the form. */
export function AuthLayout({ title, subtitle, checking, children }: Props) {
  const form = (
    <div className="relative">
      {/* Hidden, not left out: it keeps the form's height, whichever viewport lays it out. */}
      <div inert={checking} style={checking ? { visibility: 'hidden' } : undefined}>
        {children}
      </div>
      {checking && <Spinner label="Checking your sign-in…" className="absolute inset-0" />}
    </div>
  );
  return (
    <section className="bg-gradient-to-b from-primary/5 via-base-100 to-base-100 px-4 py-8 sm:px-6 sm:py-14">
      <div className="mx-auto grid max-w-5xl overflow-hidden rounded-3xl bg-base-100 shadow-xl shadow-primary/5 ring-1 ring-base-200 lg:grid-cols-2">
        <div
          aria-hidden="true"
          className="relative hidden flex-col justify-between overflow-hidden bg-gradient-to-br from-primary to-indigo-800 p-10 text-primary-content lg:flex"
        >
          <div className="absolute -right-16 -top-16 h-56 w-56 rounded-full bg-white/10" />
          <div className="absolute -bottom-20 -left-10 h-64 w-64 rounded-full bg-white/5" />
          <div className="relative">
            <p className="text-sm font-semibold uppercase tracking-wider text-white/70">
              LearnTogether
            </p>
            <p className="mt-3 text-3xl font-extrabold leading-tight">
              Learning is better when we do it together.
            </p>
          </div>
          <ul className="relative mt-10 space-y-4">
            {perks.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-white/90">
                <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-white/15">
                  <Icon className="h-5 w-5" />
                </span>
                {text}
              </li>
            ))}
          </ul>
          <p className="relative mt-10 flex items-center gap-2 text-sm text-white/70">
            <CheckIcon className="h-4 w-4" />
            Free to join. Pay only for what you buy.
          </p>
        </div>

        <div className="px-5 py-8 sm:px-10 sm:py-12">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="mt-2 text-sm text-base-content/70">{subtitle}</p>
          {env.firebase.configured ? (
            <div className="mt-8">{form}</div>
          ) : (
            <>
              <div role="alert" className="alert alert-warning mt-6 text-sm">
                <div>
                  <p className="font-semibold">{IDENTITY_NOT_CONFIGURED}</p>
                  <p className="mt-1">
                    This build names no Firebase project: build it with VITE_FIREBASE_API_KEY,
                    VITE_FIREBASE_AUTH_DOMAIN, VITE_FIREBASE_PROJECT_ID and VITE_FIREBASE_APP_ID.
                  </p>
                </div>
              </div>
              {/* Disabled, not hidden: the page keeps its shape, and nothing calls Firebase. */}
              <fieldset disabled className="mt-8 min-w-0">
                {form}
              </fieldset>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
