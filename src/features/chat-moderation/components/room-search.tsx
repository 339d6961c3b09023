import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ChatRoom } from '@contract/chat-rules';
import { CHAT_MODERATION_LIMITS, type ModeratedMessage } from '@contract/chat-moderation';
import { errorMessageOr } from '@/lib/api/error-message';
import { useGetMessageContextQuery, useSearchRoomQuery } from '../api/chat-moderation-api';
import { MessageContext } from './message-context';
import { messageTime } from './message-time';

/** The text with each (case-insensitive) occurrence of `q` marked. */
function Highlighted({ text, q }: { text: string; q: string }) {
  const lower = text.toLowerCase();
  const needle = q.toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); needle && at >= 0; at = lower.indexOf(needle, from)) {
    parts.push(text.slice(from, at), <mark key={at}>{text.slice(at, at + needle.length)}</mark>);
    from = at + needle.length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}

type PageProps = {
  room: ChatRoom;
  q: string;
  before: string | undefined;
  isLast: boolean;
  onChoose: (message: ModeratedMessage) => void;
  onMore: (before: string) => void;
};

/** One page of results (newest first) and, on the last page, the way to the earlier ones. */
function ResultsPage({ room, q, before, isLast, onChoose, onMore }: PageProps) {
  const { data, error, isError, isFetching } = useSearchRoomQuery({ room, q, before });
  if (isError) {
    return (
      <li role="alert" className="text-sm text-error">
        {errorMessageOr(error, 'The search did not work. Please try again.')}
      </li>
    );
  }
  if (!data) {
    return (
      <li role="status" className="text-sm text-base-content/70">
        Searching…
      </li>
    );
  }
  const last = data.messages.at(-1);
  return (
    <>
      {before === undefined && data.messages.length === 0 && (
        <li className="text-sm text-base-content/70">
          No messages in {room} hold “{q}”.
        </li>
      )}
      {data.messages.map((message) => (
        <li key={message._id}>
          <button
            type="button"
            onClick={() => onChoose(message)}
            className="w-full rounded-xl px-3 py-2 text-left text-sm hover:bg-base-200 focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary"
          >
            <span className="flex flex-wrap items-baseline gap-x-2 text-xs text-base-content/70">
              <span className="font-semibold text-base-content">{message.name}</span>
              <time dateTime={message.time}>{messageTime(message.time)}</time>
            </span>
            <span className="mt-0.5 block whitespace-pre-wrap break-words">
              <Highlighted text={message.msg} q={q} />
            </span>
          </button>
        </li>
      ))}
      {isLast && data.hasMore && last && (
        <li>
          <button
            type="button"
            className="btn btn-ghost btn-sm rounded-lg normal-case"
            disabled={isFetching}
            onClick={() => onMore(last._id)}
          >
            Earlier results
          </button>
        </li>
      )}
    </>
  );
}

/** The chosen result among its neighbours, and the ways back. */
function ResultInContext({
  id,
  onBack,
  onClose,
}: {
  id: string;
  onBack: () => void;
  onClose: () => void;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { data, error, isError } = useGetMessageContextQuery(id);
  // The view replaces the results: focus goes to its heading, as a new screen's would.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} ref={heading} tabIndex={-1} className="font-semibold outline-none">
        Message in context
      </h3>
      {isError ? (
        <p role="alert" className="text-sm text-error">
          {errorMessageOr(error, 'Could not load the message.')}
        </p>
      ) : !data ? (
        <p role="status" className="text-sm text-base-content/70">
          Loading…
        </p>
      ) : (
        <MessageContext
          messages={data.messages}
          focusId={data.messageId}
          label="The found message and the messages around it"
          badge="Found"
        />
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-ghost btn-sm rounded-lg normal-case"
          onClick={onBack}
        >
          Back to results
        </button>
        <button
          type="button"
          className="btn btn-primary btn-sm rounded-lg normal-case"
          onClick={onClose}
        >
          Back to the live room
        </button>
      </div>
    </section>
  );
}

/**
 * Search in a room (issue 17 §2): earlier messages holding the words, newest first, a page at a
 * time; a result opens in its context (the messages around it, it highlighted), with a way back
 * to the results and to the live room.
 */
export function RoomSearch({ room }: { room: ChatRoom }) {
  const inputId = useId();
  const resultsId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [q, setQ] = useState<string | null>(null);
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [chosen, setChosen] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    setQ(trimmed);
    setCursors([undefined]);
    setChosen(null);
  };
  const close = () => {
    setQ(null);
    setChosen(null);
    setText('');
    input.current?.focus();
  };

  return (
    <div className="space-y-3">
      <form role="search" aria-label={`Search ${room}`} onSubmit={submit} className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          Search earlier messages in {room}
        </label>
        <input
          ref={input}
          id={inputId}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={CHAT_MODERATION_LIMITS.maxQueryLength}
          placeholder="Search this room"
          className="input input-bordered input-sm w-full min-w-0 rounded-lg"
        />
        <button type="submit" className="btn btn-sm rounded-lg normal-case">
          Search
        </button>
      </form>
      {q !== null && (
        <div className="rounded-2xl bg-base-100 p-3 shadow-sm ring-1 ring-base-200">
          {chosen ? (
            <ResultInContext id={chosen} onBack={() => setChosen(null)} onClose={close} />
          ) : (
            <section aria-labelledby={resultsId} className="space-y-2">
              <div className="flex items-center justify-between gap-2">
                <h3 id={resultsId} className="font-semibold">
                  Results for “{q}”
                </h3>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs rounded-lg normal-case"
                  onClick={close}
                >
                  Close search
                </button>
              </div>
              <ul className="max-h-80 space-y-1 overflow-y-auto">
                {cursors.map((before, index) => (
                  <ResultsPage
                    key={before ?? 'first'}
                    room={room}
                    q={q}
                    before={before}
                    isLast={index === cursors.length - 1}
                    onChoose={(message) => setChosen(message._id)}
                    onMore={(next) => setCursors((current) => [...current, next])}
                  />
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </div>
  );
}
