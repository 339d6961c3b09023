import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { Link } from 'react-router';
import type { ChatMessage } from '@contract/chat';
import { mentions, type ChatReactionEmoji, type ChatRoom } from '@contract/chat-rules';
import { COURSE_MESSAGES, courseIdOfRoom } from '@contract/course-rules';
import { AlertIcon } from '@/components/icons/alert-icon';
import { ArrowRightIcon } from '@/components/icons/arrow-right-icon';
import { paths } from '@/config/paths';
import type { ChatState } from '../chat-state';
import { ChatMessageItem } from './chat-message-item';

type Props = {
  room: ChatRoom;
  state: ChatState;
  /** The user's chat name: messages that mention it are highlighted. */
  name: string;
  now: number;
  headingId: string;
  loadOlder: () => void;
  /** Set by the composer when the user sends: the list follows to the end once it arrives. */
  followNextRef: RefObject<boolean>;
  onDelete?: (message: ChatMessage) => void;
  onReact: (id: string, emoji: ChatReactionEmoji) => void;
  onEdit: (id: string, msg: string) => Promise<boolean>;
  onDeleteOwn: (message: ChatMessage) => void;
  onError: (error: string) => void;
  /** More controls for each message's row (Report), composed by the route. */
  messageActions?: (message: ChatMessage, own: boolean) => ReactNode;
};

/** Within this many pixels of an edge counts as being at it. */
const EDGE_PX = 48;

function isAtBottom(element: HTMLElement): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= EDGE_PX;
}

/**
 * The room's messages (docs/product.md §2 Chat room): the spec's 400 px scrolling log, older pages
 * loaded at its top without moving what the reader sees, following new ones at the end (a "New
 * messages" pill instead when scrolled up); or, when the room cannot be entered, why.
 */
export function MessageList({
  room,
  state,
  name,
  now,
  headingId,
  loadOlder,
  followNextRef,
  onDelete,
  onReact,
  onEdit,
  onDeleteOwn,
  onError,
  messageActions,
}: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  // What the list looked like at the last commit: tells prepended history from new messages.
  const previous = useRef<{ first?: string; last?: string; height: number }>({ height: 0 });
  const [unseen, setUnseen] = useState(false);
  const { messages } = state;
  const hasMessages = messages.length > 0;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const first = messages[0]?._id;
    const last = messages.at(-1)?._id;
    const before = previous.current;
    if (before.first !== undefined && first !== before.first && last === before.last) {
      // Older messages went in above: keep what the reader looks at where it was.
      element.scrollTop += element.scrollHeight - before.height;
    } else if (last !== before.last) {
      if (before.last === undefined || atBottom.current || followNextRef.current) {
        element.scrollTop = element.scrollHeight;
        followNextRef.current = false;
      } else {
        setUnseen(true);
      }
    }
    previous.current = { first, last, height: element.scrollHeight };
  }, [messages, followNextRef]);

  // The list's content changes size (a narrower window wraps the bubbles): stay at the end.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
      previous.current.height = element.scrollHeight;
    });
    for (const child of element.children) observer.observe(child);
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMessages]);

  const scrollToEnd = useCallback(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
    atBottom.current = true;
    setUnseen(false);
  }, []);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = isAtBottom(element);
    // The height the next page of older messages is measured against, as the reader sees it now.
    previous.current.height = element.scrollHeight;
    if (atBottom.current) setUnseen(false);
    if (element.scrollTop <= EDGE_PX) loadOlder();
  };

  const courseId = courseIdOfRoom(room);
  const refusedCourse =
    courseId !== null && state.fatalError === COURSE_MESSAGES.roomRefusal ? courseId : null;

  return (
    <div className="relative mt-2 rounded-2xl bg-base-100 shadow-sm ring-1 ring-base-200">
      {state.fatalError === null ? (
        // The spec's 400 px scrolling list; new messages are read out politely.
        <div
          ref={scroller}
          role="log"
          aria-live="polite"
          aria-labelledby={headingId}
          aria-busy={!state.joined || state.loadingOlder}
          tabIndex={0}
          onScroll={onScroll}
          className="h-[400px] overflow-y-auto overscroll-contain rounded-2xl px-3 py-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary/40 sm:px-4"
        >
          <div className="flex h-10 items-center justify-center text-sm text-base-content/70">
            {state.loadingOlder ? (
              <span className="flex items-center gap-2">
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                Loading older messages…
              </span>
            ) : state.hasMore ? (
              <button
                type="button"
                onClick={loadOlder}
                className="btn btn-ghost btn-sm rounded-xl normal-case"
              >
                Load older messages
              </button>
            ) : state.joined && messages.length > 0 ? (
              <span>
                {courseId === null
                  ? `This is the start of the ${room} chat.`
                  : 'This is the start of the study room.'}
              </span>
            ) : null}
          </div>
          {!state.joined && messages.length === 0 ? (
            <p className="flex h-[300px] items-center justify-center gap-2 text-base-content/70">
              <span className="loading loading-spinner loading-md" aria-hidden="true" />
              Loading messages…
            </p>
          ) : messages.length === 0 ? (
            <p className="flex h-[300px] items-center justify-center text-base-content/70">
              No messages yet. Say hello!
            </p>
          ) : (
            <ol className="space-y-1 pb-2">
              {messages.map((message) => {
                const own = state.you !== null && message.userId === state.you;
                return (
                  <ChatMessageItem
                    key={message._id}
                    message={message}
                    own={own}
                    you={state.you}
                    mentioned={!own && !message.deleted && mentions(message.msg, name)}
                    now={now}
                    onDelete={onDelete}
                    onReact={onReact}
                    onEdit={onEdit}
                    onDeleteOwn={onDeleteOwn}
                    onError={onError}
                    actions={messageActions?.(message, own)}
                  />
                );
              })}
            </ol>
          )}
        </div>
      ) : (
        <div
          role="alert"
          className="flex h-[400px] flex-col items-center justify-center gap-4 px-6 text-center"
        >
          <p className="flex items-center gap-2 font-medium text-error">
            <AlertIcon className="h-5 w-5 shrink-0" />
            {state.fatalError}
          </p>
          {refusedCourse !== null ? (
            // Not a learner of this course (D61): its page is where to buy it.
            <Link
              to={paths.coursePage(refusedCourse)}
              className="btn btn-primary rounded-xl normal-case"
            >
              Go to the course
              <ArrowRightIcon className="h-4 w-4" />
            </Link>
          ) : (
            <Link to={paths.messageBox} className="btn btn-primary rounded-xl normal-case">
              Choose a room
              <ArrowRightIcon className="h-4 w-4" />
            </Link>
          )}
        </div>
      )}
      {unseen && (
        <button
          type="button"
          onClick={scrollToEnd}
          className="btn btn-primary btn-sm absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full normal-case shadow-lg"
        >
          New messages ↓
        </button>
      )}
    </div>
  );
}
