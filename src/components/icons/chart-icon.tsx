import { Icon, type IconProps } from './icon';

/** Bars rising: the admin's Sales. */
export function ChartIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 3v18h18" />
      <path d="M8 17v-5M13 17V8M18 17v-8" />
    </Icon>
  );
}
