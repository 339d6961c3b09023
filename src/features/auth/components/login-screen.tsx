import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { getOrigin, getReturnState } from '@/components/guards/get-origin';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { notify } from '@/lib/notify';
import * as identity from '../api/identity';
import {
  AUTH_MESSAGES,
  authErrorMessage,
  emailRules,
  isEmail,
  passwordLengthRules,
} from '../auth-messages';
import { useSignInFlow } from '../hooks/use-sign-in-flow';
import { AuthLayout } from './auth-layout';
import { EmailField } from './email-field';
import { GoogleButton, OrDivider } from './google-button';

type LoginValues = { email: string; password: string };

/** Login (docs/product.md §2, §4, §5, §8): email and password, Google, password reset, link to signup. */
export function LoginScreen() {
  const { status } = useAuth();
  const location = useLocation();
  const { busy, requesting, run } = useSignInFlow();
  const [resetting, setResetting] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    getValues,
    setFocus,
    formState: { errors },
  } = useForm<LoginValues>({ defaultValues: { email: '', password: '' } });

  // Signed in (now or already): back to where the visitor came from, by default /home.
  if (status === 'signed-in' && !requesting) {
    return (
      <Navigate
        to={getOrigin(location.state, paths.home)}
        state={getReturnState(location.state)}
        replace
      />
    );
  }

  const rejectEmail = () => {
    // The spec clears an invalid address and says why.
    setValue('email', '');
    setError('email', { type: 'validate', message: AUTH_MESSAGES.invalidEmail });
    setFocus('email');
  };

  const onInvalid = (invalid: FieldErrors<LoginValues>) => {
    if (invalid.email) setValue('email', '');
  };

  const onLogin = ({ email, password }: LoginValues) =>
    run(() => identity.signIn(email.trim(), password));

  const onForgotPassword = async () => {
    const email = getValues('email').trim();
    if (!isEmail(email)) {
      rejectEmail();
      return;
    }
    setResetting(true);
    try {
      await identity.sendPasswordReset(email);
      notify.success(AUTH_MESSAGES.resetEmailSent);
    } catch (error) {
      notify.error(authErrorMessage(error));
    } finally {
      setResetting(false);
    }
  };

  const disabled = busy || resetting;

  return (
    <AuthLayout
      checking={status === 'loading' && !busy}
      title="Welcome back"
      subtitle="Log in to your account to continue learning."
    >
      <form
        noValidate
        aria-label="Login"
        onSubmit={(event) => void handleSubmit(onLogin, onInvalid)(event)}
        className="space-y-5"
      >
        <EmailField error={errors.email?.message} registration={register('email', emailRules)} />
        <div>
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            placeholder="At least 6 characters"
            error={errors.password?.message}
            registration={register('password', passwordLengthRules)}
          />
          <div className="mt-1 flex justify-end">
            <button
              type="button"
              onClick={() => void onForgotPassword()}
              disabled={disabled}
              className="btn btn-link btn-sm h-auto min-h-0 px-0 py-1 text-sm normal-case no-underline hover:underline"
            >
              {resetting && (
                <span className="loading loading-spinner loading-xs" aria-hidden="true" />
              )}
              Forget password
            </button>
          </div>
        </div>
        <SubmitButton
          busy={busy}
          disabled={disabled}
          className="btn btn-primary btn-block rounded-xl normal-case shadow-md shadow-primary/20"
        >
          Login
        </SubmitButton>
      </form>

      <OrDivider />
      <GoogleButton disabled={disabled} onClick={() => void run(identity.signInWithGoogle)} />

      <p className="mt-8 text-center text-sm text-base-content/70">
        New to LearnTogether?{' '}
        <Link
          to={paths.signup}
          state={location.state}
          className="link link-primary font-semibold no-underline hover:underline"
        >
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}
