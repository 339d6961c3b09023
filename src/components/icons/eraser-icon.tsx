import { Icon, type IconProps } from './icon';

export function EraserIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m7 21-4-4a2 2 0 0 1 0-2.8L13.2 4a2 2 0 0 1 2.8 0l5 5a2 2 0 0 1 0 2.8L11.6 21" />
      <path d="M7 21h14M9 10l6 6" />
    </Icon>
  );
}
