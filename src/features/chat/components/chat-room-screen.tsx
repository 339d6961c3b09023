import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ChatMessage } from '@contract/chat';
import type { ChatRoom } from '@contract/chat-rules';
import { UsersIcon } from '@/components/icons/layout-icons';
import { paths } from '@/config/paths';
import { confirmDialog } from '@/lib/dialogs';
import type { ChatMember, ChatState } from '../chat-state';
import { useChatConnection } from '../hooks/use-chat-connection';
import { useChatRoom } from '../hooks/use-chat-room';
import { useMarkRead } from '../hooks/use-mark-read';
import { useNow } from '../relative-time';
import { RoomBoard } from '../board/room-board';
import { useRoomBoard } from '../board/use-room-board';
import { ChatComposer } from './chat-composer';
import { MessageList } from './message-list';

type Props = {
  room: ChatRoom;
  /** The name the user chose on the join form. */
  name: string;
  isAdmin: boolean;
  /** The chat server refused the session (missing or expired token). */
  onSessionRejected: () => void;
  /** The room's search, above the messages (composed by the route). */
  search?: ReactNode;
  /** More controls for each message (Report), composed by the route. */
  messageActions?: (message: ChatMessage, own: boolean) => ReactNode;
  /** The heading; a topic room's is "<room> Chat Room", a course room's its course's (D61). */
  title?: string;
  /** What the message box starts with (the address's `?draft=`), not sent. */
  initialDraft?: string;
};

function connectionText(state: ChatState): string {
  if (state.fatalError) return 'Not connected';
  if (state.connection === 'connecting') return 'Connecting…';
  if (state.connection === 'reconnecting') return 'Reconnecting…';
  return state.joined ? 'Connected' : 'Joining the room…';
}

function membersText(members: ChatMember[], you: string | null): string {
  const unique = new Map(members.map((member) => [member.userId, member]));
  const names = [...unique.values()].map((member) => {
    const named = member.userId === you ? `${member.name} (you)` : member.name;
    // In a course room: the lesson they have open in the player (D61).
    return member.lesson ? `${named} — ${member.lesson}` : named;
  });
  return `${unique.size} online${names.length ? `: ${names.join(', ')}` : ''}`;
}

function typingText(names: string[]): string {
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return 'Several people are typing…';
}

/** /chat/{room} (docs/product.md §2 Chat room, §4 Chat): the room's live messages, the message box and the board. */
export function ChatRoomScreen({
  room,
  name,
  isAdmin,
  onSessionRejected,
  search,
  messageActions,
  title,
  initialDraft,
}: Props) {
  const id = useId();
  // One connection for the room's messages, its board and its unread mark.
  const connection = useChatConnection(name);
  const {
    state,
    send,
    loadOlder,
    deleteMessage,
    react,
    editMessage,
    deleteOwnMessage,
    typing,
    setError,
    setDraft,
  } = useChatRoom({ connection, room, name, onSessionRejected, initialDraft });
  const board = useRoomBoard({ connection, room, joined: state.joined, you: state.you });
  useMarkRead({
    room,
    connection,
    joined: state.joined,
    newestId: state.messages.at(-1)?._id,
  });
  // On a phone one of the two shows at a time; side by side on a large screen.
  const [view, setView] = useState<'messages' | 'board'>('messages');
  const now = useNow();
  // The user's own message is followed to the end of the list even when scrolled up.
  const followNext = useRef(false);

  const onSend = useCallback(
    (text: string) => {
      followNext.current = true;
      send(text);
    },
    [send],
  );

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

  const confirmDeleteOwn = useCallback(
    (message: ChatMessage) => {
      void confirmDialog({
        title: 'Delete your message?',
        text: 'Everyone in the room sees "Message deleted" in its place.',
        confirmText: 'Delete',
        danger: true,
      }).then((confirmed) => {
        if (confirmed) deleteOwnMessage(message._id);
      });
    },
    [deleteOwnMessage],
  );

  const typingNames = state.typing.map((person) => person.name);
  const headingId = `${id}-heading`;

  return (
    <div className="bg-gradient-to-b from-primary/5 via-base-100 to-base-100">
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
          <div className="min-w-0">
            <h1 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
              {title ?? `${room} Chat Room`}
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
            {search}
            <MessageList
              room={room}
              state={state}
              name={name}
              now={now}
              headingId={headingId}
              loadOlder={loadOlder}
              followNextRef={followNext}
              onDelete={isAdmin ? confirmDelete : undefined}
              onReact={react}
              onEdit={editMessage}
              onDeleteOwn={confirmDeleteOwn}
              onError={setError}
              messageActions={messageActions}
            />

            <p className="h-6 truncate pt-1 text-sm italic text-base-content/70">
              {typingText(typingNames)}
            </p>

            <ChatComposer
              draft={state.draft}
              setDraft={setDraft}
              pending={state.outgoing !== null}
              disabled={state.fatalError !== null}
              error={state.error}
              setError={setError}
              onSend={onSend}
              typing={typing}
              members={state.members}
              you={state.you}
            />
          </div>
          <div className={`mt-2 ${view === 'board' ? '' : 'max-lg:hidden'}`}>
            <RoomBoard room={room} board={board} you={state.you} isAdmin={isAdmin} />
          </div>
        </div>
      </div>
    </div>
  );
}
