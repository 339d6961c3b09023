import { memo } from 'react';
import type { ChatMessage } from '@contract/chat';
import { TrashIcon } from '@/components/icons';
import { formatMessage } from '../format-message';
import { relativeTime } from '../relative-time';

/** The formatting's look inside a bubble: paragraphs, inline code and code blocks, links. */
const MARKDOWN = [
  '[&_p+p]:mt-2',
  '[&_code]:rounded [&_code]:bg-black/10 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em]',
  '[&_pre]:my-1 [&_pre]:overflow-x-auto [&_pre]:whitespace-pre [&_pre]:rounded-lg [&_pre]:bg-black/10 [&_pre]:p-2',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_a]:underline [&_a]:underline-offset-2',
].join(' ');

type Props = {
  message: ChatMessage;
  own: boolean;
  now: number;
  /** Given to admins only: every message gets a delete control. */
  onDelete?: (message: ChatMessage) => void;
};

/**
 * One message (docs/product.md §2 Chat room): own ones right-aligned with a gradient, others' grey on the
 * left; the name, a relative time and the text, formatted (bold, italic, code, links: see
 * format-message.ts, which escapes any markup in it).
 */
export const ChatMessageItem = memo(function ChatMessageItem({
  message,
  own,
  now,
  onDelete,
}: Props) {
  const exact = new Date(message.time);
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
        {own && <span className="sr-only">(you)</span>}
      </div>
      <div
        className={`chat-bubble max-w-[85%] break-words sm:max-w-[70%] ${MARKDOWN} ${
          own
            ? 'bg-violet-700 bg-gradient-to-br from-indigo-600 to-violet-700 text-white'
            : 'bg-base-200 text-base-content'
        }`}
        // formatMessage escapes the text's own markup: the only HTML is its formatting.
        dangerouslySetInnerHTML={{ __html: formatMessage(message.msg) }}
      />
      {onDelete && (
        <div className="chat-footer">
          <button
            type="button"
            onClick={() => onDelete(message)}
            aria-label={`Delete message from ${message.name}`}
            className="btn btn-ghost btn-xs mt-0.5 gap-1 rounded-lg normal-case text-base-content/70 hover:text-error"
          >
            <TrashIcon className="h-3.5 w-3.5" />
            Delete
          </button>
        </div>
      )}
    </li>
  );
});
