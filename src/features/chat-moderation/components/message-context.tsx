import type { ModeratedMessage } from '@contract/chat-moderation';
import { messageTime } from './message-time';
import { MessageBody } from './message-body';

type Props = {
  messages: ModeratedMessage[];
  /** The message the view is about: highlighted, and named to screen readers. */
  focusId: string;
  label: string;
  /** What the highlighted message is called ("Reported", "Found"). */
  badge: string;
};

/** A slice of a room's conversation, oldest first, one message highlighted. */
export function MessageContext({ messages, focusId, label, badge }: Props) {
  if (messages.length === 0) {
    return <p className="text-sm text-base-content/70">No messages around it any more.</p>;
  }
  return (
    <ol aria-label={label} className="space-y-1.5">
      {messages.map((message) => {
        const focused = message._id === focusId;
        return (
          <li
            key={message._id}
            aria-current={focused ? 'true' : undefined}
            className={`rounded-xl px-3 py-2 text-sm ${
              focused ? 'bg-warning/20 ring-2 ring-warning' : 'bg-base-200/60'
            }`}
          >
            <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-base-content/70">
              <span className="font-semibold text-base-content">{message.name}</span>
              <time dateTime={message.time}>{messageTime(message.time)}</time>
              {focused && <span className="badge badge-warning badge-sm">{badge}</span>}
            </p>
            <MessageBody message={message} />
          </li>
        );
      })}
    </ol>
  );
}
