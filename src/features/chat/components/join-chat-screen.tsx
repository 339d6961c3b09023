import { useId, useState, type FormEvent } from 'react';
import { CHAT_LIMITS, CHAT_ROOMS, JOIN_CHAT_ERRORS, type ChatRoom } from '@contract/chat-rules';
import { unreadBadge } from '@contract/chat-unread';
import { courseRoomId } from '@contract/course-rules';
import { UsersIcon } from '@/components/icons/layout-icons';
import { ArrowRightIcon } from '@/components/icons/arrow-right-icon';
import { paths } from '@/config/paths';
import { UNREAD_POLL_MS, useGetChatUnreadQuery } from '../api/chat-unread-api';

type Props = {
  /** The account's display name: the Username field starts with it. */
  defaultName: string;
  onJoin: (join: { name: string; room: ChatRoom }) => void;
  /**
   * The courses the user owns (`GET /courses/owned`, composed by the route), each with its study
   * room (D61); undefined while loading.
   */
  courses?: readonly { courseId: string; name: string }[];
};

const control =
  'w-full rounded-xl focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30';

/** /messagebox: the join-chat form (docs/product.md §2 Join chat, §5): the name is checked first, then the room. */
export function JoinChatScreen({ defaultName, onJoin, courses: owned }: Props) {
  const id = useId();
  const [name, setName] = useState(defaultName);
  const [room, setRoom] = useState<ChatRoom | ''>('');
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-error`;
  const { currentData: unread } = useGetChatUnreadQuery(undefined, {
    pollingInterval: UNREAD_POLL_MS,
    refetchOnMountOrArgChange: true,
  });
  const unreadIn = (option: ChatRoom) => unread?.rooms.find((entry) => entry.room === option);

  /** Into a room under the chosen name: the name is checked first, as the form does. */
  const join = (target: ChatRoom | '') => {
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(JOIN_CHAT_ERRORS.name);
      return;
    }
    if (target === '') {
      setError(JOIN_CHAT_ERRORS.room);
      return;
    }
    setError(null);
    onJoin({ name: trimmed, room: target });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    join(room);
  };

  return (
    <div className="bg-gradient-to-b from-primary/5 via-base-100 to-base-100">
      <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
        <div className="rounded-2xl bg-base-100 p-6 shadow-sm ring-1 ring-base-200 sm:p-8">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <UsersIcon className="h-6 w-6" />
          </span>
          <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">Join Chat</h1>
          <p className="mt-2 text-base-content/70">
            Pick a name and a topic room to learn together with others.
          </p>
          <form noValidate onSubmit={submit} className="mt-6 space-y-4">
            <div>
              <label
                htmlFor={`${id}-name`}
                className="mb-1.5 block text-sm font-medium text-base-content/90"
              >
                Username
              </label>
              <input
                id={`${id}-name`}
                type="text"
                autoComplete="nickname"
                maxLength={CHAT_LIMITS.maxNameLength}
                value={name}
                onChange={(event) => setName(event.target.value)}
                aria-invalid={error === JOIN_CHAT_ERRORS.name ? true : undefined}
                aria-describedby={error === JOIN_CHAT_ERRORS.name ? errorId : undefined}
                className={`input input-bordered ${control}`}
              />
            </div>
            <div>
              <label
                htmlFor={`${id}-room`}
                className="mb-1.5 block text-sm font-medium text-base-content/90"
              >
                Room
              </label>
              <select
                id={`${id}-room`}
                value={room}
                onChange={(event) => setRoom(event.target.value as ChatRoom | '')}
                aria-invalid={error === JOIN_CHAT_ERRORS.room ? true : undefined}
                aria-describedby={error === JOIN_CHAT_ERRORS.room ? errorId : undefined}
                className={`select select-bordered ${control}`}
              >
                <option value="">Select room</option>
                {CHAT_ROOMS.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </div>
            {/* The error's line is always there, so showing it moves nothing. */}
            <div className="min-h-6">
              <p id={errorId} role="alert" className="text-sm font-medium text-error">
                {error}
              </p>
            </div>
            <button type="submit" className="btn btn-primary w-full rounded-xl normal-case">
              Join
              <ArrowRightIcon className="h-4 w-4" />
            </button>
          </form>

          {owned && owned.length > 0 && (
            <>
              <h2 id={`${id}-courses`} className="mt-8 text-sm font-semibold text-base-content/80">
                Your course rooms
              </h2>
              <ul aria-labelledby={`${id}-courses`} className="mt-2 divide-y divide-base-200">
                {owned.map((course) => {
                  const courseRoom = courseRoomId(course.courseId);
                  const counts = unreadIn(courseRoom);
                  return (
                    <li
                      key={course.courseId}
                      className="flex min-h-9 items-center justify-between gap-3 text-sm"
                    >
                      <a
                        href={paths.chatRoom(courseRoom)}
                        onClick={(event) => {
                          event.preventDefault();
                          join(courseRoom);
                        }}
                        className="link link-hover font-medium"
                      >
                        {course.name}
                      </a>
                      {counts !== undefined && counts.unread > 0 && (
                        <span className="badge badge-primary badge-sm shrink-0 font-semibold">
                          {unreadBadge(counts.unread)} unread
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </>
          )}

          <h2 id={`${id}-unread`} className="mt-8 text-sm font-semibold text-base-content/80">
            Unread messages
          </h2>
          {/* Six rows from the start: the counts arriving move nothing. */}
          <ul aria-labelledby={`${id}-unread`} className="mt-2 divide-y divide-base-200">
            {CHAT_ROOMS.map((option) => {
              const counts = unreadIn(option);
              return (
                <li key={option} className="flex h-9 items-center justify-between gap-3 text-sm">
                  <span className="font-medium">{option}</span>
                  <span className="flex items-center gap-1.5">
                    {counts === undefined ? (
                      <span className="text-base-content/70">…</span>
                    ) : counts.unread === 0 ? (
                      <span className="text-base-content/70">Nothing new</span>
                    ) : (
                      <>
                        {counts.mentions > 0 && (
                          <span className="badge badge-error badge-sm font-semibold">
                            {counts.mentions === 1 ? '1 mention' : `${counts.mentions} mentions`}
                          </span>
                        )}
                        <span className="badge badge-primary badge-sm font-semibold">
                          {unreadBadge(counts.unread)} unread
                        </span>
                      </>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </div>
  );
}
