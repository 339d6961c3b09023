import { clip, SHOP_DESCRIPTION, titleOf } from '@/lib/page-meta';

type Props = {
  /** The screen's own title, before the shop's name ("About us"); none: the shop's name alone. */
  title?: string;
  /** What the page is about, for search results and link previews; the shop's by default. */
  description?: string;
};

/**
 * The tab's title and the page's meta description while a screen shows: React 19 puts them in
 * <head> and takes them out with the screen (docs/decisions.md D77). A screen that renders this is
 * listed in `titledScreens` (src/app/screens.ts); the root layout renders it for all the others.
 */
export function PageTitle({ title, description = SHOP_DESCRIPTION }: Props) {
  return (
    <>
      <title>{titleOf(title)}</title>
      <meta name="description" content={clip(description)} />
    </>
  );
}
