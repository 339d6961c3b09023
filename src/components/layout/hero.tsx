import type { ReactNode } from 'react';

type Props = {
  /** Decorative background picture (served from public/). */
  image: string;
  children: ReactNode;
  className?: string;
  /** Tailwind classes for the dark overlay that keeps the text readable on any picture. */
  overlayClassName?: string;
  labelledBy?: string;
};

/** A full-width band with a background image, a dark overlay and content on top (docs/product.md §2 Hero). */
export function Hero({
  image,
  children,
  className = '',
  overlayClassName = 'bg-gradient-to-r from-slate-950/85 via-slate-900/65 to-slate-900/30',
  labelledBy,
}: Props) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={`relative isolate overflow-hidden bg-slate-900 ${className}`}
    >
      {/* The band opens its page: its picture is the largest paint, fetched ahead of the rest. */}
      <img
        src={image}
        alt=""
        aria-hidden="true"
        fetchPriority="high"
        className="absolute inset-0 -z-20 h-full w-full object-cover"
      />
      <div aria-hidden="true" className={`absolute inset-0 -z-10 ${overlayClassName}`} />
      <div className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8">{children}</div>
    </section>
  );
}
