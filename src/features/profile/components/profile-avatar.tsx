type Props = { photoURL: string | null; name: string; email: string };

/** The user's photo, or the first letter of the name (of the email when there is no name). */
export function ProfileAvatar({ photoURL, name, email }: Props) {
  if (photoURL) {
    return (
      <img
        src={photoURL}
        width={96}
        height={96}
        alt=""
        referrerPolicy="no-referrer"
        className="h-20 w-20 shrink-0 rounded-full object-cover ring-4 ring-base-100 sm:h-24 sm:w-24"
      />
    );
  }
  const letter = (name.trim() || email).charAt(0).toUpperCase() || '?';
  return (
    <span
      aria-hidden="true"
      className="flex h-20 w-20 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-primary to-indigo-700 text-3xl font-bold text-primary-content ring-4 ring-base-100 sm:h-24 sm:w-24 sm:text-4xl"
    >
      {letter}
    </span>
  );
}
