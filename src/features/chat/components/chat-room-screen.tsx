import {
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { Link } from 'react-router';
import type { ChatMessage } from '@contract/chat';
import { CHAT_LIMITS, CHAT_MESSAGES, type ChatRoom } from '@contract/chat-rules';
import { AlertIcon, ArrowRightIcon, UsersIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { confirmDialog } from '@/lib/dialogs';
import type { ChatMember, ChatState } from '../chat-state';
import { useChatRoom } from '../hooks/use-chat-room';
import { useNow } from '../relative-time';
import { RoomBoard } from '../board/room-board';
import { useRoomBoard } from '../board/use-room-board';
import { ChatMessageItem } from './chat-message-item';

type Props = {
  room: ChatRoom;
  /** The name the user chose on the join form. */
  name: string;
  isAdmin: boolean;
  /** The chat server refused the session (missing or expired token). */
  onSessionRejected: () => void;
};

/** Within this many pixels of an edge counts as being at it. */
const EDGE_PX = 48;

function isAtBottom(element: HTMLElement): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= EDGE_PX;
}

function connectionText(state: ChatState): string {
  if (state.fatalError) return 'Not connected';
  if (state.connection === 'connecting') return 'Connecting…';
  if (state.connection === 'reconnecting') return 'Reconnecting…';
  return state.joined ? 'Connected' : 'Joining the room…';
}

function membersText(members: ChatMember[], you: string | null): string {
  const unique = new Map(members.map((member) => [member.userId, member]));
  const names = [...unique.values()].map((member) =>
    member.userId === you ? `${member.name} (you)` : member.name,
  );
  return `${unique.size} online${names.length ? `: ${names.join(', ')}` : ''}`;
}

function typingText(names: string[]): string {
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return 'Several people are typing…';
}

/** /chat/{room} (docs/product.md §2 Chat room, §4 Chat): the room's live messages and the message box. */
export function ChatRoomScreen({ room, name, isAdmin, onSessionRejected }: Props) {
  const id = useId();
  const { state, socketRef, send, loadOlder, deleteMessage, typing, setError, setDraft } =
    useChatRoom({ room, name, onSessionRejected });
  const board = useRoomBoard({ room, socketRef, joined: state.joined, you: state.you });
  // On a phone one of the two shows at a time; side by side on a large screen.
  const [view, setView] = useState<'messages' | 'board'>('messages');
  const now = useNow();
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  // What the list looked like at the last commit: tells prepended history from new messages.
  const previous = useRef<{ first?: string; last?: string; height: number }>({ height: 0 });
  const followNext = useRef(false);
  const [unseen, setUnseen] = useState(false);

  const { messages, outgoing, draft } = state;
  const pending = outgoing !== null;
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
      if (before.last === undefined || atBottom.current || followNext.current) {
        element.scrollTop = element.scrollHeight;
        followNext.current = false;
      } else {
        setUnseen(true);
      }
    }
    previous.current = { first, last, height: element.scrollHeight };
  }, [messages]);

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

  const submit = () => {
    if (pending) return;
    const text = draft.trim();
    // An empty or blank message is ignored (docs/product.md §5).
    if (text === '') return;
    if (text.length > CHAT_LIMITS.maxMessageLength) {
      setError(CHAT_MESSAGES.messageTooLong);
      return;
    }
    followNext.current = true;
    send(text);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  // Enter sends (docs/product.md §9); Shift+Enter is a new line; an IME composition is left alone.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const confirmDelete = useCallback(
    (message: ChatMessage) => {
      void confirmDialog({
        title: 'Delete this message?',
        text: `The message from ${message.name} disappears for everyone in the room.`,
        confirmText: 'Delete',
        danger: true,
      }).then((confirmed) => {
        if (confirmed) deleteMessage(message._id);
      });
    },
    [deleteMessage],
  );

  const typingNames = state.typing.map((person) => person.name);
  const showList = state.fatalError === null;
  const headingId = `${id}-heading`;
  const errorId = `${id}-error`;

  return (
    <div className="bg-gradient-to-b from-primary/5 via-base-100 to-base-100">
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
          <div className="min-w-0">
            <h1 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
              {room} Chat Room
            </h1>
            <p className="mt-1 text-sm text-base-content/70">
              Chatting as <span className="font-semibold text-base-content">{name}</span> ·{' '}
              <Link to={paths.messageBox} className="link link-hover text-base-content">
                Change room or name
              </Link>
            </p>
          </div>
          <p role="status" className="flex h-6 items-center gap-2 text-sm font-medium">
            <span
              aria-hidden="true"
              className={`h-2.5 w-2.5 rounded-full ${
                state.connection === 'online' && state.joined ? 'bg-success' : 'bg-warning'
              }`}
            />
            {connectionText(state)}
          </p>
        </div>

        <p className="mt-3 flex h-6 items-center gap-2 text-sm text-base-content/70">
          <UsersIcon className="h-4 w-4 shrink-0" />
          <span className="truncate">
            {state.joined
              ? membersText(state.members, state.you)
              : 'Who is online shows once you are in.'}
          </span>
        </p>

        <div
          role="group"
          aria-label="Show"
          className="mt-3 grid grid-cols-2 gap-1 rounded-xl bg-base-200 p-1 lg:hidden"
        >
          {(['messages', 'board'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => setView(option)}
              className={`btn btn-sm rounded-lg border-0 normal-case ${
                view === option ? 'bg-base-100 shadow-sm' : 'btn-ghost'
              }`}
            >
              {option === 'messages' ? 'Messages' : 'Board'}
            </button>
          ))}
        </div>

        <div className="lg:grid lg:grid-cols-2 lg:items-start lg:gap-8">
          <div className={view === 'messages' ? '' : 'max-lg:hidden'}>
            <div className="relative mt-2 rounded-2xl bg-base-100 shadow-sm ring-1 ring-base-200">
              {showList ? (
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
                      <span>This is the start of the {room} chat.</span>
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
                      {messages.map((message) => (
                        <ChatMessageItem
                          key={message._id}
                          message={message}
                          own={state.you !== null && message.userId === state.you}
                          now={now}
                          onDelete={isAdmin ? confirmDelete : undefined}
                        />
                      ))}
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
                  <Link to={paths.messageBox} className="btn btn-primary rounded-xl normal-case">
                    Choose a room
                    <ArrowRightIcon className="h-4 w-4" />
                  </Link>
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

            <p className="h-6 truncate pt-1 text-sm italic text-base-content/70">
              {typingText(typingNames)}
            </p>

            <form
              aria-label="Send a message"
              onSubmit={onSubmit}
              className="mt-1 flex items-end gap-2 sm:gap-3"
            >
              <div className="min-w-0 flex-1">
                <label htmlFor={`${id}-message`} className="sr-only">
                  Message
                </label>
                <textarea
                  id={`${id}-message`}
                  rows={2}
                  value={draft}
                  placeholder="Type your message...."
                  onChange={(event) => {
                    setDraft(event.target.value);
                    if (event.target.value.trim() !== '') typing();
                  }}
                  onKeyDown={onKeyDown}
                  aria-describedby={state.error ? errorId : undefined}
                  className="textarea textarea-bordered block w-full resize-none rounded-xl text-base focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
                />
              </div>
              <button
                type="submit"
                disabled={pending || !showList}
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
              {state.error && (
                <p id={errorId} role="alert" className="text-sm font-medium text-error">
                  {state.error}
                </p>
              )}
            </div>
          </div>
          <div className={`mt-2 ${view === 'board' ? '' : 'max-lg:hidden'}`}>
            <RoomBoard room={room} board={board} you={state.you} isAdmin={isAdmin} />
          </div>
        </div>
      </div>
    </div>
  );
}
