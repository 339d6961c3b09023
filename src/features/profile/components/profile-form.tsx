import { useForm } from 'react-hook-form';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';

export type ProfileFormValues = {
  name: string;
  education: string;
  phoneNumber: string;
  address: string;
  social: string;
};

type Props = {
  defaultValues: ProfileFormValues;
  onSubmit: (values: ProfileFormValues) => Promise<void>;
  onCancel: () => void;
};

/** Edit mode (docs/product.md §2, §5): no validation beyond the numeric phone input; the server checks. */
export function ProfileForm({ defaultValues, onSubmit, onCancel }: Props) {
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<ProfileFormValues>({ defaultValues });

  return (
    <form
      noValidate
      aria-label="Edit profile"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="space-y-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" registration={register('name')} />
        <TextField
          label="University"
          autoComplete="organization"
          placeholder="Where you study"
          registration={register('education')}
        />
        <TextField
          label="Phone number"
          type="number"
          inputMode="numeric"
          autoComplete="tel"
          placeholder="Digits only"
          // A scroll over a focused number field must not change the number.
          onWheel={(event) => event.currentTarget.blur()}
          registration={register('phoneNumber')}
        />
        <TextField
          label="Social media link"
          type="url"
          inputMode="url"
          placeholder="https://…"
          registration={register('social')}
        />
      </div>
      <TextField
        label="Address"
        autoComplete="street-address"
        placeholder="Street, city, country"
        registration={register('address')}
      />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={onCancel}
          disabled={isSubmitting}
          className="btn btn-ghost rounded-xl normal-case"
        >
          Cancel
        </button>
        <SubmitButton busy={isSubmitting} className="btn btn-primary rounded-xl px-8 normal-case">
          Update
        </SubmitButton>
      </div>
    </form>
  );
}
