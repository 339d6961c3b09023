import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';

/** The email input of the login and signup forms. */
export function EmailField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@example.com"
      error={error}
      registration={registration}
    />
  );
}
