import { Icon, type IconProps } from './icon';

/** A speedometer: the admin's Performance (how fast the pages are). */
export function GaugeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m12 14 4-4" />
      <path d="M3.34 19a10 10 0 1 1 17.32 0" />
    </Icon>
  );
}
