import { Icon, type IconProps } from './icon';

/** Books standing side by side: the admin's list of books. */
export function LibraryIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="4" width="4" height="16" rx="1" />
      <rect x="9" y="4" width="4" height="16" rx="1" />
      <path d="m15.5 5.2 3.9-1 3.1 14.6-3.9 1Z" />
    </Icon>
  );
}
