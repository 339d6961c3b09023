import { useId, type FormEvent, type ReactNode } from 'react';
import { CHECKOUT_LIMITS, SHIPPING_COUNTRIES } from '@contract/checkout-rules';
import type { ShippingAddress } from '@contract/payments';
import { ArrowRightIcon } from '@/components/icons';
import { isShippingAddress, MAX_EMAIL_LENGTH } from '../shipping-rules';

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

function TextInput({ spec, id, value }: { spec: FieldSpec; id: string; value: string }) {
  const inputId = `${id}-${spec.name}`;
  return (
    <div className={spec.half ? '' : 'sm:col-span-2'}>
      <FieldLabel htmlFor={inputId}>{spec.label}</FieldLabel>
      <input
        id={inputId}
        name={spec.name}
        type={spec.type ?? 'text'}
        autoComplete={spec.autoComplete}
        maxLength={spec.maxLength}
        defaultValue={value}
        required
        // The browser refuses a blank value, as the server does after trimming.
        pattern={spec.type === 'email' ? undefined : '.*\\S.*'}
        title={spec.type === 'email' ? undefined : `Enter your ${spec.label.toLowerCase()}.`}
        className={`input input-bordered ${control}`}
      />
    </div>
  );
}

type Props = {
  /** What the fields start with: the saved address, or the account's email. */
  defaultValues: Partial<ShippingAddress>;
  onSave: (address: ShippingAddress) => void;
};

function readForm(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) {
    if (typeof value === 'string') values[key] = value.trim();
  }
  return values;
}

/**
 * The shipping form (spec §2, §5): exactly the spec's fields, all required by the browser, with
 * the contract's lengths. The server checks the address again when it is paid.
 */
export function ShippingForm({ defaultValues, onSave }: Props) {
  const id = useId();
  const countryId = `${id}-country`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = readForm(event.currentTarget);
    // The browser has refused blank and over-long values already; this only types the result.
    if (isShippingAddress(address)) onSave(address);
  };

  return (
    <form aria-label="Shipping address" onSubmit={submit} className="space-y-6">
      <p className="text-sm text-base-content/70">
        All fields are required (<span className="text-error">*</span>).
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        {beforeCountry.map((spec) => (
          <TextInput key={spec.name} spec={spec} id={id} value={defaultValues[spec.name] ?? ''} />
        ))}
        <div className="sm:col-span-2">
          <FieldLabel htmlFor={countryId}>Country</FieldLabel>
          <select
            id={countryId}
            name="country"
            autoComplete="country-name"
            defaultValue={defaultValues.country ?? ''}
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
        </div>
        {afterCountry.map((spec) => (
          <TextInput key={spec.name} spec={spec} id={id} value={defaultValues[spec.name] ?? ''} />
        ))}
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
