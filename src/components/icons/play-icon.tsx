import { Icon, type IconProps } from './icon';

/** A video, and its play button. */
export function PlayIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7 4.5v15l12-7.5-12-7.5Z" />
    </Icon>
  );
}
