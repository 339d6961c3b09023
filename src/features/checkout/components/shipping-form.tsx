import { useId, type ReactNode } from 'react';
import { useForm, type FieldError, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { MAX_EMAIL_LENGTH } from '@contract/email';
import {
  CHECKOUT_LIMITS,
  SHIPPING_COUNTRIES,
  shippingAddressSchema,
  type ShippingAddress,
} from '@contract/payments';
import { ArrowRightIcon } from '@/components/icons/arrow-right-icon';

type TextFieldName = Exclude<keyof ShippingAddress, 'country'>;

type FieldSpec = {
  name: TextFieldName;
  label: string;
  autoComplete: string;
  maxLength: number;
  type?: 'text' | 'email';
  /** Half a row from the small screen up. */
  half?: boolean;
};

const beforeCountry: FieldSpec[] = [
  {
    name: 'firstName',
    label: 'First name',
    autoComplete: 'given-name',
    maxLength: CHECKOUT_LIMITS.maxNameLength,
    half: true,
  },
  {
    name: 'lastName',
    label: 'Last name',
    autoComplete: 'family-name',
    maxLength: CHECKOUT_LIMITS.maxNameLength,
    half: true,
  },
  {
    name: 'email',
    label: 'Email address',
    autoComplete: 'email',
    maxLength: MAX_EMAIL_LENGTH,
    type: 'email',
  },
];

const afterCountry: FieldSpec[] = [
  {
    name: 'address',
    label: 'Full address',
    autoComplete: 'street-address',
    maxLength: CHECKOUT_LIMITS.maxAddressLength,
  },
  {
    name: 'city',
    label: 'City',
    autoComplete: 'address-level2',
    maxLength: CHECKOUT_LIMITS.maxCityLength,
    half: true,
  },
  {
    name: 'state',
    label: 'State / Zilla',
    autoComplete: 'address-level1',
    maxLength: CHECKOUT_LIMITS.maxStateLength,
    half: true,
  },
  {
    name: 'postalCode',
    label: 'ZIP / Postal code',
    autoComplete: 'postal-code',
    maxLength: CHECKOUT_LIMITS.maxPostalCodeLength,
    half: true,
  },
];

const control =
  'w-full rounded-xl focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30';

function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-base-content/90">
      {children}
      {/* The `required` attribute tells assistive technology; the star tells the eye. */}
      <span aria-hidden="true" className="ml-0.5 text-error">
        *
      </span>
    </label>
  );
}

/** The contract's reason under a field, when it refuses a value the browser let through. */
function FieldMessage({ id, error }: { id: string; error: FieldError | undefined }) {
  if (!error?.message) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm font-medium text-error">
      {error.message}
    </p>
  );
}

type TextInputProps = {
  spec: FieldSpec;
  id: string;
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
};

function TextInput({ spec, id, registration, error }: TextInputProps) {
  const inputId = `${id}-${spec.name}`;
  const errorId = `${inputId}-error`;
  return (
    <div className={spec.half ? '' : 'sm:col-span-2'}>
      <FieldLabel htmlFor={inputId}>{spec.label}</FieldLabel>
      <input
        id={inputId}
        type={spec.type ?? 'text'}
        autoComplete={spec.autoComplete}
        maxLength={spec.maxLength}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        required
        // The browser refuses a blank value, as the server does after trimming.
        pattern={spec.type === 'email' ? undefined : '.*\\S.*'}
        title={spec.type === 'email' ? undefined : `Enter your ${spec.label.toLowerCase()}.`}
        className={`input input-bordered ${control}`}
      />
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}

type Props = {
  /** What the fields start with: the saved address, or the account's email. */
  defaultValues: Partial<ShippingAddress>;
  onSave: (address: ShippingAddress) => void;
};

/**
 * The shipping form (docs/product.md §2, §5): exactly the spec's fields, all required by the browser, with
 * the contract's lengths; the contract's schema checks (and trims) what the browser lets through.
 * The server checks the address again when it is paid.
 */
export function ShippingForm({ defaultValues, onSave }: Props) {
  const id = useId();
  const countryId = `${id}-country`;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof shippingAddressSchema>, unknown, ShippingAddress>({
    resolver: zodResolver(shippingAddressSchema),
    defaultValues,
  });
  const input = (spec: FieldSpec) => (
    <TextInput
      key={spec.name}
      spec={spec}
      id={id}
      registration={register(spec.name)}
      error={errors[spec.name]}
    />
  );

  return (
    <form
      aria-label="Shipping address"
      onSubmit={(event) => void handleSubmit(onSave)(event)}
      className="space-y-6"
    >
      <p className="text-sm text-base-content/70">
        All fields are required (<span className="text-error">*</span>).
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        {beforeCountry.map(input)}
        <div className="sm:col-span-2">
          <FieldLabel htmlFor={countryId}>Country</FieldLabel>
          <select
            id={countryId}
            autoComplete="country-name"
            // The placeholder stays chosen until the user picks a country.
            defaultValue={defaultValues.country ?? ''}
            {...register('country')}
            aria-invalid={errors.country ? true : undefined}
            aria-describedby={errors.country ? `${countryId}-error` : undefined}
            required
            className={`select select-bordered ${control}`}
          >
            <option value="" disabled>
              Choose a country
            </option>
            {SHIPPING_COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {country}
              </option>
            ))}
          </select>
          <FieldMessage id={`${countryId}-error`} error={errors.country} />
        </div>
        {afterCountry.map(input)}
      </div>
      <div className="flex justify-end pt-2">
        <button
          type="submit"
          className="btn btn-primary w-full rounded-xl px-8 normal-case sm:w-auto"
        >
          Save and continue
          <ArrowRightIcon className="h-4 w-4" />
        </button>
      </div>
    </form>
  );
}
