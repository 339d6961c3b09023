import { Icon, type IconProps } from './icon';

/** A quiz. */
export function QuizIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="4" y="3" width="16" height="18" rx="2" />
      <path d="m8 9 1.5 1.5L12 8M8 15l1.5 1.5L12 14M14 9.5h2M14 15.5h2" />
    </Icon>
  );
}
