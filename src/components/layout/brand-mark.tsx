/** The LearnTogether logo mark (public/favicon.svg); decorative beside the brand name. */
export function BrandMark() {
  return (
    <img src="/favicon.svg" alt="" aria-hidden="true" width={32} height={32} className="h-8 w-8" />
  );
}
