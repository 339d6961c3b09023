import { useId, useState, type FormEvent } from 'react';
import { SubmitButton } from '@/components/form/submit-button';
import { MailIcon } from '@/components/icons/layout-icons';
import { apiFailureOf, errorMessageOr } from '@/lib/api/error-message';
import { useAppDispatch } from '@/lib/redux-hooks';
import { useHydratedValue } from '@/lib/use-hydrated';

type State =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'success'; message: string }
  | { status: 'error'; message: string };

function toMessage(error: unknown): string {
  // A 429 from a proxy may come without our JSON error body.
  const failure = apiFailureOf(error);
  if (failure?.status === 429 && failure.code === 'http')
    return 'Too many attempts. Please wait a minute and try again.';
  return errorMessageOr(error, 'Something went wrong. Please try again.');
}

/**
 * Footer newsletter signup (docs/product.md §2, §5): one field, no client-side validation — the server
 * validates and its message is shown as is.
 */
export function NewsletterForm() {
  const [state, setState] = useState<State>({ status: 'idle' });
  const inputId = useId();
  const headingId = useId();
  const errorId = useId();
  const sending = state.status === 'sending';
  const dispatch = useAppDispatch();
  // In a prerendered page before the app has taken it over, the browser would send the form
  // itself (a GET with the address in the URL): Send waits for the app (docs/decisions.md D49).
  const ready = useHydratedValue(true, false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    // The field is left to the browser (not controlled): what was typed before the app took a
    // prerendered page over is kept, and read here.
    const form = event.currentTarget;
    const field = form.elements.namedItem('email');
    const email = field instanceof HTMLInputElement ? field.value : '';
    setState({ status: 'sending' });
    try {
      const { newsletterApi } = await import('./api/newsletter-api');
      const { isNewSubscriber, message } = await dispatch(
        newsletterApi.endpoints.subscribe.initiate(email),
      ).unwrap();
      setState({ status: 'success', message });
      form.reset();
      // Only a new subscriber (201, not 200 "already subscribed") gets the welcome mail.
      if (isNewSubscriber) {
        void import('./api/send-welcome-mail').then(({ sendWelcomeMail }) =>
          sendWelcomeMail(email),
        );
      }
    } catch (error) {
      setState({ status: 'error', message: toMessage(error) });
    }
  };

  return (
    <form noValidate aria-labelledby={headingId} onSubmit={(event) => void handleSubmit(event)}>
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-white">
        <MailIcon className="h-5 w-5 text-primary" />
        Newsletter
      </h2>
      <p className="mt-2 text-sm text-slate-400">
        New books, courses and discounts — straight to your inbox.
      </p>
      <label htmlFor={inputId} className="mt-4 block text-sm font-medium text-slate-200">
        Email address
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          type="email"
          name="email"
          inputMode="email"
          autoComplete="email"
          placeholder="username@site.com"
          defaultValue=""
          aria-invalid={state.status === 'error' || undefined}
          aria-describedby={state.status === 'error' ? errorId : undefined}
          className="input input-bordered w-full min-w-0 sm:flex-1 border-slate-600 bg-slate-800 text-white placeholder:text-slate-500 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/60"
        />
        <SubmitButton
          busy={sending}
          disabled={sending || !ready}
          className="btn btn-primary sm:w-28 disabled:bg-primary/60 disabled:text-primary-content"
        >
          Send
        </SubmitButton>
      </div>
      <div className="mt-3 min-h-5 text-sm">
        {state.status === 'success' && (
          <p role="status" className="text-emerald-300">
            {state.message}
          </p>
        )}
        {state.status === 'error' && (
          <p id={errorId} role="alert" className="text-rose-300">
            {state.message}
          </p>
        )}
      </div>
    </form>
  );
}
