import { Link } from 'react-router';
import { BrushIcon } from '@/components/icons/brush-icon';
import { paths } from '@/config/paths';

/** Large screens only (docs/product.md §2 Home): the canvas needs room to draw. */
export function DrawingPromo() {
  return (
    <section
      aria-labelledby="drawing-promo-heading"
      className="mx-auto hidden max-w-7xl px-4 pb-4 sm:px-6 lg:block lg:px-8"
    >
      <div className="grid grid-cols-2 items-center gap-10 overflow-hidden rounded-3xl bg-slate-900 p-10 text-white shadow-xl">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-amber-300">
            Take a creative break
          </p>
          <h2 id="drawing-promo-heading" className="mt-2 text-3xl font-bold tracking-tight">
            Sketch your ideas on our drawing board
          </h2>
          <p className="mt-3 max-w-md text-white/75">
            Six colours, ten brush sizes and a one-click download. Free for everyone — no account
            needed.
          </p>
          <Link
            to={paths.drawing}
            className="btn mt-7 rounded-xl border-0 bg-amber-300 normal-case text-slate-900 hover:bg-amber-200"
          >
            <BrushIcon className="h-4 w-4" />
            Start drawing
          </Link>
        </div>
        <img
          src="/images/promo/drawing-promo.svg"
          width={800}
          height={500}
          alt=""
          aria-hidden="true"
          className="aspect-[4/3] w-full rounded-2xl bg-slate-800 object-cover"
        />
      </div>
    </section>
  );
}
