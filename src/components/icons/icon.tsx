import type { ReactNode, SVGProps } from 'react';

// Icons are drawn inline (24×24, stroke = currentColor) so nothing is fetched from a CDN. The
// layout's icons (navbar, menus, footer) are layout-icons.tsx, part of the app's start; every icon
// only screens draw is a module of its own beside it, so that a screen's chunk brings just its
// own (docs/decisions.md D104).
export type IconProps = SVGProps<SVGSVGElement>;

export function Icon({
  children,
  className = 'h-5 w-5',
  ...rest
}: IconProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...rest}
    >
      {children}
    </svg>
  );
}
