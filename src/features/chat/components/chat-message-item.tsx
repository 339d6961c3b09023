import { memo } from 'react';
import type { ChatMessage } from '@contract/chat';
import { TrashIcon } from '@/components/icons';
import { relativeTime } from '../relative-time';

type Props = {
  message: ChatMessage;
  own: boolean;
  now: number;
  /** Given to admins only: every message gets a delete control. */
  onDelete?: (message: ChatMessage) => void;
};

/**
 * One message (docs/product.md §2 Chat room): own ones right-aligned with a gradient, others' grey on the
 * left; the name, a relative time and the text — as text, never HTML (`pre-wrap` keeps its lines).
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
        className={`chat-bubble max-w-[85%] whitespace-pre-wrap break-words sm:max-w-[70%] ${
          own
            ? 'bg-violet-700 bg-gradient-to-br from-indigo-600 to-violet-700 text-white'
            : 'bg-base-200 text-base-content'
        }`}
      >
        {message.msg}
      </div>
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
