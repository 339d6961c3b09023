/** A course's state in the shop: Published (sold) or Draft (only admins see it). */
export function PublishedBadge({ published }: { published: boolean }) {
  return published ? (
    <span className="badge badge-success badge-sm whitespace-nowrap">Published</span>
  ) : (
    <span className="badge badge-ghost badge-sm whitespace-nowrap">Draft</span>
  );
}
