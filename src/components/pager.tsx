type Props = {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
};

/** Previous / "Page X of Y" / Next under a server-paged admin table. */
export function Pager({ page, pageCount, onPage }: Props) {
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3">
      <button
        type="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        className="btn btn-sm rounded-xl normal-case"
      >
        Previous
      </button>
      <p className="text-sm text-base-content/80">
        Page {Math.min(page, pageCount)} of {pageCount}
      </p>
      <button
        type="button"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
        className="btn btn-sm rounded-xl normal-case"
      >
        Next
      </button>
    </nav>
  );
}
