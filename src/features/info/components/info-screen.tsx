import { PageTitle } from '@/components/page-title';
import type { InfoPage } from '../info-pages';

/** One of the footer's company and legal pages (docs/product.md §2.19): a heading, a lead, sections. */
export function InfoScreen({ page }: { page: InfoPage }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <PageTitle title={page.title} description={page.lead} />
      <header className="border-b border-base-200 pb-8">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">{page.group}</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">{page.title}</h1>
        <p className="mt-4 text-lg leading-relaxed text-base-content/80">{page.lead}</p>
      </header>
      <div className="mt-8 space-y-10">
        {page.sections.map((section) => (
          <section key={section.heading}>
            <h2 className="text-xl font-semibold tracking-tight">{section.heading}</h2>
            <div className="mt-3 space-y-3 leading-relaxed text-base-content/80">
              {section.body}
            </div>
          </section>
        ))}
      </div>
    </article>
  );
}
