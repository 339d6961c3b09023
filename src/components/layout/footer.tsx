import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { focusRing } from './focus-ring';
import { BrandMark } from './brand-mark';

type Props = {
  /** The newsletter signup form (a feature), handed in by the app layout. */
  newsletter: ReactNode;
};

type Item = { label: string; to: string };

// The company and legal pages (src/features/info).
const company: Item[] = [
  { label: 'About us', to: paths.about },
  { label: 'Contact', to: paths.contact },
  { label: 'Jobs', to: paths.jobs },
];
const legal: Item[] = [
  { label: 'Terms of use', to: paths.terms },
  { label: 'Privacy policy', to: paths.privacy },
  { label: 'Cookie policy', to: paths.cookies },
];

function Column({ title, items }: { title: string; items: Item[] }) {
  const headingId = `footer-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xs font-semibold uppercase tracking-wider text-slate-400">
        {title}
      </h2>
      <ul className="mt-4 space-y-2.5 text-sm text-slate-300">
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className={`rounded transition-colors hover:text-white hover:underline ${focusRing} focus-visible:ring-offset-slate-900`}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Site footer (docs/product.md §2): company and legal links, the newsletter form and the copyright line. */
export function Footer({ newsletter }: Props) {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-12 lg:px-8">
        <div className="lg:col-span-4">
          <Link
            to={paths.root}
            className={`inline-flex items-center gap-2 rounded-lg ${focusRing} focus-visible:ring-offset-slate-900`}
          >
            <BrandMark />
            <span className="text-lg font-extrabold tracking-tight text-white">LearnTogether</span>
          </Link>
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-slate-400">
            Books, online courses and live topic chat rooms — learning is better together.
          </p>
        </div>
        <div className="grid grid-cols-2 gap-8 lg:col-span-4">
          <Column title="Company" items={company} />
          <Column title="Legal" items={legal} />
        </div>
        <div className="md:col-span-2 lg:col-span-4">{newsletter}</div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-center text-xs text-slate-400 sm:px-6 lg:px-8">
          © {year} LearnTogether. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
