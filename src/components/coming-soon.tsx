type Props = { title: string; what: string };

/** A screen that a later release builds: it says so plainly and shows no made-up data. */
export function ComingSoon({ title, what }: Props) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-base-content/70">
        {what} is coming soon. This screen is not available yet.
      </p>
      <div className="badge badge-outline badge-lg mt-6">Coming soon</div>
    </section>
  );
}
