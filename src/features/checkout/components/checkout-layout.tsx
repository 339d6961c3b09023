import type { ReactNode } from 'react';

const STEPS = ['Shipping', 'Payment'] as const;
type Step = (typeof STEPS)[number];

type Props = {
  /** The page's h1. */
  title: string;
  step: Step;
  children: ReactNode;
};

/** The frame of the two checkout screens: the steps, the heading and a card for the content. */
export function CheckoutLayout({ title, step, children }: Props) {
  const current = STEPS.indexOf(step);
  return (
    <div className="bg-gradient-to-b from-primary/5 via-base-100 to-base-100">
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        <ol aria-label="Checkout steps" className="flex items-center gap-3 text-sm">
          {STEPS.map((name, index) => (
            <li
              key={name}
              aria-current={index === current ? 'step' : undefined}
              className="flex items-center gap-2"
            >
              <span
                aria-hidden="true"
                className={`flex h-7 w-7 items-center justify-center rounded-full text-xs font-bold ${
                  index <= current
                    ? 'bg-primary text-primary-content'
                    : 'bg-base-200 text-base-content/70'
                }`}
              >
                {index + 1}
              </span>
              <span className={index === current ? 'font-semibold' : 'text-base-content/70'}>
                {name}
              </span>
              {index < STEPS.length - 1 && (
                <span aria-hidden="true" className="mx-1 h-px w-8 bg-base-300 sm:w-12" />
              )}
            </li>
          ))}
        </ol>
        <h1 className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <div className="mt-6 rounded-2xl bg-base-100 p-5 shadow-sm ring-1 ring-base-200 sm:p-8">
          {children}
        </div>
      </div>
    </div>
  );
}
