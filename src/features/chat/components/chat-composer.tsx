import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { CHAT_LIMITS, CHAT_MESSAGES } from '@contract/chat-rules';
import { ArrowRightIcon } from '@/components/icons/arrow-right-icon';
import type { ChatMember } from '../chat-state';

type Props = {
  draft: string;
  setDraft: (draft: string) => void;
  /** A message is on its way: the button waits. */
  pending: boolean;
  disabled: boolean;
  error: string | null;
  setError: (error: string | null) => void;
  /** Sends `text` (trimmed and checked here). */
  onSend: (text: string) => void;
  /** Tells the room the user is typing. */
  typing: () => void;
  /** Who is present: `@` offers their names. */
  members: ChatMember[];
  you: string | null;
};

/** At most this many names are offered at once. */
const MAX_SUGGESTIONS = 6;

/**
 * The name being typed after an `@` that ends at the caret (the `@` at the start or after a
 * non-letter/digit, as the contract's `mentions` reads it), with where its `@` is; else null.
 */
export function mentionAt(text: string, caret: number): { query: string; start: number } | null {
  const match = /(?:^|[^\p{L}\p{N}])@([^@\s][^@\n]*|)$/u.exec(text.slice(0, caret));
  if (!match || match[1] === undefined) return null;
  if (match[1].length > CHAT_LIMITS.maxNameLength) return null;
  return { query: match[1], start: caret - match[1].length - 1 };
}

/**
 * The message box (docs/product.md §2 Chat room, §9): Enter sends, Shift+Enter is a new line; an
 * `@` offers the names of the people present (arrows and Enter or Tab, or the mouse), inserting
 * `@Name `.
 */
export function ChatComposer({
  draft,
  setDraft,
  pending,
  disabled,
  error,
  setError,
  onSend,
  typing,
  members,
  you,
}: Props) {
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  // Escape closes the list for the `@` it was open at, until another one is typed.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  // Where the caret goes once an inserted name is in the box.
  const caretAfter = useRef<number | null>(null);
  const errorId = `${id}-error`;
  const listId = `${id}-mentions`;

  const mention = mentionAt(draft, caret);
  const names = [...new Map(members.map((member) => [member.userId, member])).values()]
    .filter((member) => member.userId !== you)
    .map((member) => member.name);
  const suggestions =
    mention === null || mention.start === dismissedAt
      ? []
      : [...new Set(names)]
          .filter((name) => name.toLowerCase().startsWith(mention.query.toLowerCase()))
          .slice(0, MAX_SUGGESTIONS);
  const open = suggestions.length > 0;
  const activeIndex = Math.min(active, suggestions.length - 1);

  useLayoutEffect(() => {
    const at = caretAfter.current;
    if (at === null || !box.current) return;
    caretAfter.current = null;
    box.current.setSelectionRange(at, at);
    setCaret(at);
  }, [draft]);

  const insert = (name: string) => {
    if (!mention) return;
    const inserted = `@${name} `;
    const rest = draft.slice(caret);
    caretAfter.current = mention.start + inserted.length;
    setDraft(draft.slice(0, mention.start) + inserted + rest);
    setActive(0);
    box.current?.focus();
  };

  const submit = () => {
    if (pending) return;
    const text = draft.trim();
    // An empty or blank message is ignored (docs/product.md §5).
    if (text === '') return;
    if (text.length > CHAT_LIMITS.maxMessageLength) {
      setError(CHAT_MESSAGES.messageTooLong);
      return;
    }
    onSend(text);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (open) {
      const pick = suggestions[activeIndex];
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + suggestions.length) % suggestions.length);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && pick) {
        event.preventDefault();
        insert(pick);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedAt(mention?.start ?? null);
        return;
      }
    }
    // Enter sends (docs/product.md §9); Shift+Enter is a new line.
    if (event.key !== 'Enter' || event.shiftKey) return;
    event.preventDefault();
    submit();
  };

  return (
    <>
      <form
        aria-label="Send a message"
        onSubmit={onSubmit}
        className="mt-1 flex items-end gap-2 sm:gap-3"
      >
        <div className="relative min-w-0 flex-1">
          <label htmlFor={`${id}-message`} className="sr-only">
            Message
          </label>
          <textarea
            ref={box}
            id={`${id}-message`}
            rows={2}
            value={draft}
            placeholder="Type your message...."
            onChange={(event) => {
              const { value, selectionStart } = event.target;
              setDraft(value);
              setCaret(selectionStart);
              if (mentionAt(value, selectionStart) === null) setDismissedAt(null);
              if (value.trim() !== '') typing();
            }}
            onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
            onKeyDown={onKeyDown}
            aria-autocomplete="list"
            aria-controls={open ? listId : undefined}
            aria-activedescendant={open ? `${listId}-${activeIndex}` : undefined}
            aria-describedby={error ? errorId : undefined}
            className="textarea textarea-bordered block w-full resize-none rounded-xl text-base focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
          />
          {open && (
            <ul
              id={listId}
              role="listbox"
              aria-label="Mention someone"
              className="absolute bottom-full left-0 z-20 mb-1 max-w-full overflow-hidden rounded-xl bg-base-100 py-1 shadow-lg ring-1 ring-base-300"
            >
              {suggestions.map((name, index) => (
                <li
                  key={name}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === activeIndex}
                  // Keeps the focus (and the caret) in the box.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => insert(name)}
                  onMouseEnter={() => setActive(index)}
                  className={`cursor-pointer truncate px-3 py-1.5 text-sm ${
                    index === activeIndex ? 'bg-primary text-primary-content' : 'text-base-content'
                  }`}
                >
                  @{name}
                </li>
              ))}
            </ul>
          )}
        </div>
        <button
          type="submit"
          disabled={pending || disabled}
          aria-label="Send"
          className="btn btn-primary h-[4.5rem] min-w-[5.5rem] rounded-xl normal-case"
        >
          {pending ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : (
            <>
              Send
              <ArrowRightIcon className="h-4 w-4" />
            </>
          )}
        </button>
      </form>
      <div className="min-h-6 pt-1">
        {error && (
          <p id={errorId} role="alert" className="text-sm font-medium text-error">
            {error}
          </p>
        )}
      </div>
    </>
  );
}
