import type { UserProfile } from '../types';

const isHttpUrl = (value: string) => /^https?:\/\/\S+$/i.test(value);

function Value({ value, link = false }: { value: string; link?: boolean }) {
  if (!value) return <span className="italic text-base-content/70">Not added yet</span>;
  if (link && isHttpUrl(value)) {
    return (
      <a
        href={value}
        target="_blank"
        rel="noopener noreferrer"
        className="link link-primary break-all no-underline hover:underline"
      >
        {value}
      </a>
    );
  }
  return <span className="break-words">{value}</span>;
}

/** The profile's details in view mode (docs/product.md §2 Dashboard). */
export function ProfileDetails({ profile }: { profile: UserProfile }) {
  const rows = [
    { label: 'Education', value: profile.education },
    { label: 'Phone number', value: profile.phoneNumber },
    { label: 'Address', value: profile.address },
    { label: 'Social media link', value: profile.social, link: true },
  ];
  return (
    <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
      {rows.map(({ label, value, link }) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-semibold uppercase tracking-wider text-base-content/70">
            {label}
          </dt>
          <dd className="mt-1 text-base-content">
            <Value value={value} link={link} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
