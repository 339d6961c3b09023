import { Icon, type IconProps } from './icon';

/** A flag on its pole: the admin's Reports (of chat messages). */
export function FlagIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 22V4" />
      <path d="M4 4h12l-2 4 2 4H4" />
    </Icon>
  );
}
