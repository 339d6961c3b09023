import { Icon, type IconProps } from './icon';

export function BrushIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M18.4 2.6a2 2 0 0 1 2.9 2.9L12 14.8 9.2 12l9.2-9.4Z" />
      <path d="M7 14a3 3 0 0 0-3 3c0 1.5-1 2.5-2 3 1 .7 2.5 1 4 1a4 4 0 0 0 4-4 3 3 0 0 0-3-3Z" />
    </Icon>
  );
}
