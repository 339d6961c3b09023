import { useForm, type FieldErrors } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { getOrigin, getReturnState } from '@/components/guards/get-origin';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import * as identity from '../api/identity';
import { AUTH_MESSAGES, emailRules, passwordLengthRules } from '../auth-messages';
import { useSignInFlow } from '../hooks/use-sign-in-flow';
import { AuthLayout } from './auth-layout';
import { EmailField } from './email-field';

type SignupValues = { name: string; email: string; password: string; confirmPassword: string };

/** Signup (docs/product.md §2, §4, §5): name, email, password and its confirmation, link to login. */
export function SignupScreen() {
  const { status, refreshUser } = useAuth();
  const location = useLocation();
  const { busy, requesting, run } = useSignInFlow();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<SignupValues>({
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  // The whole signup (account, verification mail, name) finishes before leaving; default /.
  if (status === 'signed-in' && !requesting) {
    return (
      <Navigate
        to={getOrigin(location.state, paths.root)}
        state={getReturnState(location.state)}
        replace
      />
    );
  }

  const onInvalid = (invalid: FieldErrors<SignupValues>) => {
    if (invalid.email) setValue('email', '');
  };

  const onSignup = ({ name, email, password }: SignupValues) =>
    run(async () => {
      try {
        await identity.signUp({ name: name.trim(), email: email.trim(), password });
      } finally {
        // Shows the new display name (the provider does not announce profile changes itself).
        await refreshUser();
      }
    });

  return (
    <AuthLayout
      checking={status === 'loading' && !busy}
      title="Create your account"
      subtitle="Join LearnTogether to order books and chat."
    >
      <form
        noValidate
        aria-label="Sign up"
        onSubmit={(event) => void handleSubmit(onSignup, onInvalid)(event)}
        className="space-y-5"
      >
        <TextField
          label="Name"
          autoComplete="name"
          placeholder="Your name"
          error={errors.name?.message}
          registration={register('name', {
            validate: (value) => value.trim() !== '' || AUTH_MESSAGES.nameRequired,
          })}
        />
        <EmailField error={errors.email?.message} registration={register('email', emailRules)} />
        <div className="grid gap-5 sm:grid-cols-2">
          {/* A mismatch is reported in the password's slot (docs/product.md §5). */}
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            placeholder="At least 6 characters"
            error={errors.password?.message}
            registration={register('password', {
              ...passwordLengthRules,
              validate: (value, values) =>
                value === values.confirmPassword || AUTH_MESSAGES.passwordMismatch,
            })}
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            placeholder="Repeat the password"
            registration={register('confirmPassword', { deps: 'password' })}
          />
        </div>
        <SubmitButton
          busy={busy}
          className="btn btn-primary btn-block rounded-xl normal-case shadow-md shadow-primary/20"
        >
          Sign up
        </SubmitButton>
      </form>

      <p className="mt-8 text-center text-sm text-base-content/70">
        Already have an account?{' '}
        <Link
          to={paths.login}
          state={location.state}
          className="link link-primary font-semibold no-underline hover:underline"
        >
          Login
        </Link>
      </p>
    </AuthLayout>
  );
}
