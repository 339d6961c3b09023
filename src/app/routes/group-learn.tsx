import { Link } from 'react-router';
import { ArrowRightIcon } from '@/components/icons/arrow-right-icon';
import { Hero } from '@/components/layout/hero';
import { paths } from '@/config/paths';

/** The group-learning hero (docs/product.md §1, §2 Hero): its texts are the spec's, word for word. */
export default function GroupLearnRoute() {
  return (
    <Hero
      image="/images/hero/group-learn.svg"
      labelledBy="group-learn-heading"
      className="flex min-h-[calc(100vh-4rem)] items-center"
      overlayClassName="bg-slate-950/70"
    >
      <div className="mx-auto max-w-2xl py-24 text-center text-white">
        <h1 id="group-learn-heading" className="text-4xl font-extrabold tracking-tight sm:text-6xl">
          Hello Dear
        </h1>
        <p className="mt-6 text-lg leading-relaxed text-white/85 sm:text-xl">
          If you want to learn in a team with your friends, Then clink the &quot;Let&apos;s
          Learn&quot; button.
        </p>
        <Link
          to={paths.messageBox}
          className="btn btn-primary btn-lg mt-10 rounded-xl normal-case shadow-lg shadow-primary/30"
        >
          Let&apos;s Learn
          <ArrowRightIcon className="h-5 w-5" />
        </Link>
      </div>
    </Hero>
  );
}
