type Props = {
  /** The form's accessible name (role="search"). */
  name: string;
  inputId: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The text searched for, trimmed: on Search or Enter. */
  onSearch: (text: string) => void;
  className?: string;
};

/** The search the admin's lists share: at most the contract's 100 characters, searched on submit. */
const SEARCH_MAX_LENGTH = 100;

/** A labelled search box and its Search button (the admin's Books and Orders screens). */
export function SearchForm({ name, inputId, label, value, onChange, onSearch, className }: Props) {
  return (
    <form
      role="search"
      aria-label={name}
      className={`flex items-end gap-2 ${className ?? ''}`}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(value.trim());
      }}
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-base-content/90">
          {label}
        </label>
        <input
          id={inputId}
          type="search"
          value={value}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
          className="input input-bordered w-full rounded-xl"
        />
      </div>
      <button type="submit" className="btn btn-primary rounded-xl normal-case">
        Search
      </button>
    </form>
  );
}
