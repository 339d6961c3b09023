import { Icon, type IconProps } from './icon';

/** Pause: two bars. */
export function PauseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M8 5v14M16 5v14" />
    </Icon>
  );
}
