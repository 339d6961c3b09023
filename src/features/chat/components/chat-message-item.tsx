import {
  memo,
  useId,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';
import type { ChatMessage } from '@contract/chat';
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  withinEditWindow,
  type ChatReactionEmoji,
} from '@contract/chat-rules';
import { ChatImage } from '@/components/chat-image';
import { TrashIcon } from '@/components/icons/trash-icon';
import { formatMessage } from '../format-message';
import { relativeTime } from '../relative-time';
import { MessageReactions } from './message-reactions';

/** The formatting's look inside a bubble: paragraphs, inline code and code blocks, links. */
const MARKDOWN = [
  '[&_p+p]:mt-2',
  '[&_code]:rounded [&_code]:bg-black/10 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em]',
  '[&_pre]:my-1 [&_pre]:overflow-x-auto [&_pre]:whitespace-pre [&_pre]:rounded-lg [&_pre]:bg-black/10 [&_pre]:p-2',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_a]:underline [&_a]:underline-offset-2',
].join(' ');

/**
 * A lesson's link in a message (format-message.ts) opens the player in the app, without reloading
 * the page; with a modifier key (a new tab or window) the browser does as it does for any link.
 */
function openLessonLink(event: MouseEvent<HTMLElement>, navigate: NavigateFunction): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  const target = event.target instanceof Element ? event.target : null;
  const link = target?.closest('a[data-lesson-link]');
  const href = link?.getAttribute('href');
  if (!href) return;
  event.preventDefault();
  void navigate(href);
}

const FOOTER_BUTTON =
  'btn btn-ghost btn-xs h-7 min-h-7 gap-1 rounded-lg px-2 normal-case text-base-content/70';

type Props = {
  message: ChatMessage;
  own: boolean;
  /** The signed-in user's id: their own reactions show pressed. */
  you: string | null;
  /** The message mentions the user (contract's `mentions`): highlighted. */
  mentioned: boolean;
  now: number;
  /** Given to admins only: every message gets a delete control (it removes the message). */
  onDelete?: (message: ChatMessage) => void;
  onReact: (id: string, emoji: ChatReactionEmoji) => void;
  /** Saves the author's new text; resolves true once saved. */
  onEdit: (id: string, msg: string) => Promise<boolean>;
  /** The author takes the message back (a tombstone); asks first. */
  onDeleteOwn: (message: ChatMessage) => void;
  /** A text the user must fix before saving an edit (too long). */
  onError: (error: string) => void;
  /** More controls for the message's row (Report), composed by the route. */
  actions?: ReactNode;
};

/**
 * One message (docs/product.md §2 Chat room): own ones right-aligned with a gradient, others' grey on the
 * left; the name, a relative time and the text, formatted (bold, italic, code, links: see
 * format-message.ts, which escapes any markup in it). Under it a row of fixed height (so the
 * bubble does not move when the first reaction arrives): its reactions, and for its author,
 * within CHAT_LIMITS.editWindowMs, Edit and Delete. A deleted one is a "Message deleted" stub.
 */
export const ChatMessageItem = memo(function ChatMessageItem({
  message,
  own,
  you,
  mentioned,
  now,
  onDelete,
  onReact,
  onEdit,
  onDeleteOwn,
  onError,
  actions,
}: Props) {
  const id = useId();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const exact = new Date(message.time);
  const editable = own && !message.deleted && withinEditWindow(message.time, now);
  // A shared drawing has no text of its own to edit (its author may still delete it).
  const textEditable = editable && message.image === null;

  const save = () => {
    if (editing === null || saving) return;
    const text = editing.trim();
    if (text === '') return onError(CHAT_MESSAGES.emptyMessage);
    if ([...text].length > CHAT_LIMITS.maxMessageLength) {
      return onError(CHAT_MESSAGES.messageTooLong);
    }
    if (text === message.msg) return setEditing(null);
    setSaving(true);
    void onEdit(message._id, text).then((saved) => {
      setSaving(false);
      if (saved) setEditing(null);
    });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save();
  };
  // As in the message box: Enter saves, Shift+Enter is a new line; Escape cancels.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setEditing(null);
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    }
  };

  const bubbleLook = own
    ? 'bg-violet-700 bg-gradient-to-br from-indigo-600 to-violet-700 text-white'
    : mentioned
      ? 'bg-amber-100 text-gray-900 ring-2 ring-amber-500'
      : 'bg-base-200 text-base-content';

  return (
    <li className={`chat ${own ? 'chat-end' : 'chat-start'}`}>
      <div className="chat-header flex items-center gap-2 text-xs text-base-content/70">
        <span className="font-semibold text-base-content">{message.name}</span>
        <time
          dateTime={message.time}
          title={Number.isNaN(exact.getTime()) ? undefined : exact.toLocaleString()}
        >
          {relativeTime(message.time, now)}
        </time>
        {message.editedAt && !message.deleted && (
          <span title={new Date(message.editedAt).toLocaleString()}>(edited)</span>
        )}
        {own && <span className="sr-only">(you)</span>}
        {mentioned && <span className="sr-only">(mentions you)</span>}
      </div>
      {message.deleted ? (
        <div className="chat-bubble bg-base-200 italic text-base-content/70">Message deleted</div>
      ) : editing !== null ? (
        <form
          onSubmit={onSubmit}
          aria-label="Edit your message"
          className="chat-bubble flex w-full max-w-[85%] flex-col gap-2 bg-base-200 text-base-content sm:max-w-[70%]"
        >
          <label htmlFor={`${id}-edit`} className="sr-only">
            Edited message
          </label>
          <textarea
            id={`${id}-edit`}
            rows={2}
            value={editing}
            autoFocus
            onChange={(event) => setEditing(event.target.value)}
            onKeyDown={onKeyDown}
            className="textarea textarea-bordered textarea-sm w-full resize-none rounded-lg text-base"
          />
          <div className="flex justify-end gap-2">
            <button
              type="button"
              onClick={() => setEditing(null)}
              className="btn btn-ghost btn-xs rounded-lg normal-case"
            >
              Cancel
            </button>
            <button
              type="submit"
              disabled={saving}
              className="btn btn-primary btn-xs rounded-lg normal-case"
            >
              Save
            </button>
          </div>
        </form>
      ) : message.image ? (
        <div className={`chat-bubble max-w-[85%] p-1.5 sm:max-w-[70%] ${bubbleLook}`}>
          <ChatImage image={message.image} author={message.name} />
        </div>
      ) : (
        // The click is its links' (a lesson's opens in the app); a link takes Enter itself.
        <div
          className={`chat-bubble max-w-[85%] break-words sm:max-w-[70%] ${MARKDOWN} ${bubbleLook}`}
          onClick={(event) => openLessonLink(event, navigate)}
          // formatMessage escapes the text's own markup: the only HTML is its formatting.
          dangerouslySetInnerHTML={{ __html: formatMessage(message.msg) }}
        />
      )}
      {/* Always there, one line high: a reaction or a control appearing moves nothing. */}
      <div className="chat-footer flex min-h-8 flex-wrap items-center gap-1 pt-0.5">
        {!message.deleted && (
          <MessageReactions message={message} you={you} onReact={onReact} own={own} />
        )}
        {editable && editing === null && (
          <>
            {textEditable && (
              <button
                type="button"
                onClick={() => setEditing(message.msg)}
                aria-label="Edit your message"
                className={FOOTER_BUTTON}
              >
                Edit
              </button>
            )}
            {!onDelete && (
              <button
                type="button"
                onClick={() => onDeleteOwn(message)}
                aria-label="Delete your message"
                className={`${FOOTER_BUTTON} hover:text-error`}
              >
                <TrashIcon className="h-3.5 w-3.5" />
                Delete
              </button>
            )}
          </>
        )}
        {onDelete && (
          <button
            type="button"
            onClick={() => onDelete(message)}
            aria-label={`Delete message from ${message.name}`}
            className={`${FOOTER_BUTTON} hover:text-error`}
          >
            <TrashIcon className="h-3.5 w-3.5" />
            Delete
          </button>
        )}
        {actions}
      </div>
    </li>
  );
});
