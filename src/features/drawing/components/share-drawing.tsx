import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { DRAWING_SHARE_MESSAGES } from '@contract/chat-drawings';
import { CHAT_ROOMS, isChatRoom, type ChatRoom } from '@contract/chat-rules';
import { paths } from '@/config/paths';
import { errorMessageOr } from '@/lib/api/error-message';
import { useAuth } from '@/lib/auth';
import { chosenChatName } from '@/lib/chat-name';
import type { PaintedStroke } from '@/lib/drawing/stroke-paint';
import type { PendingShareState } from '../pending-share';

type Props = {
  /** The strokes on the canvas now (nothing to share when empty). */
  strokes: PaintedStroke[];
  /** The canvas as a 700×500 PNG, or null when the browser cannot export it. */
  exportDrawing: () => Promise<Blob | null>;
  /** The room a visitor chose before logging in (they come back with the drawing). */
  restoredRoom: ChatRoom | null;
  /** The study rooms of the courses the user owns (D61), offered after the six topic rooms. */
  courseRooms?: readonly CourseRoomOption[];
};

/** A course's study room, by its course's name. */
export type CourseRoomOption = { room: ChatRoom; name: string };

type Outcome =
  | { kind: 'shared'; room: ChatRoom }
  | { kind: 'error'; message: string }
  | { kind: 'restored'; room: ChatRoom };

const NOTHING_DRAWN = 'Draw something first, then share it.';

/**
 * "Share to a room" (docs/product.md §2.9): posts the drawing into a chat room as an image
 * message. A visitor is sent to log in first and comes back to /drawing with the drawing and the
 * room as they left them.
 */
export function ShareDrawing({ strokes, exportDrawing, restoredRoom, courseRooms = [] }: Props) {
  const id = useId();
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [room, setRoom] = useState<ChatRoom>(restoredRoom ?? CHAT_ROOMS[0]);
  const [outcome, setOutcome] = useState<Outcome | null>(
    restoredRoom ? { kind: 'restored', room: restoredRoom } : null,
  );
  const [isLoading, setLoading] = useState(false);
  const signedIn = status === 'signed-in';
  /** A room as the user knows it: a course room by its course's name. */
  const roomName = (target: ChatRoom) =>
    courseRooms.find((option) => option.room === target)?.name ?? target;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (strokes.length === 0) {
      setOutcome({ kind: 'error', message: NOTHING_DRAWN });
      return;
    }
    if (!signedIn) {
      const then: PendingShareState = { shareDrawing: { room, strokes } };
      navigate(paths.login, { state: { from: location, then } });
      return;
    }
    const png = await exportDrawing();
    if (!png) {
      setOutcome({ kind: 'error', message: DRAWING_SHARE_MESSAGES.exportFailed });
      return;
    }
    setLoading(true);
    try {
      // Under the name the chat room would show for them.
      const name = chosenChatName(null, user?.displayName ?? null, user?.email ?? null);
      // Loaded when first used: not part of /drawing's first screen.
      const { shareDrawing } = await import('../api/share-drawing-api');
      await shareDrawing({ room, name, png });
      setOutcome({ kind: 'shared', room });
    } catch (error) {
      setOutcome({ kind: 'error', message: errorMessageOr(error, 'Could not share the drawing.') });
    } finally {
      setLoading(false);
    }
  };

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl border border-base-300 bg-base-100 p-4 sm:p-5"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Share to a room
      </h2>
      <p className="mt-1 text-sm text-base-content/70">
        Post your drawing into a chat room, where your study group sees it at once.
        {status === 'signed-out' && ' You will be asked to log in first.'}
      </p>
      <form onSubmit={submit} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="form-control w-full sm:max-w-xs">
          <span className="label-text mb-1 text-sm font-medium">Room</span>
          <select
            className="select select-bordered w-full"
            value={room}
            onChange={(event) => {
              if (isChatRoom(event.target.value)) setRoom(event.target.value);
            }}
          >
            {CHAT_ROOMS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
            {courseRooms.length > 0 && (
              <optgroup label="Your course rooms">
                {courseRooms.map((option) => (
                  <option key={option.room} value={option.room}>
                    {option.name}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </label>
        <button
          type="submit"
          disabled={isLoading || status === 'loading'}
          className="btn btn-primary rounded-xl normal-case"
        >
          {isLoading ? 'Sharing…' : 'Share to a room'}
        </button>
      </form>
      {/* Its line is reserved, so the answer does not move the page. */}
      <p role="status" className="mt-3 min-h-6 text-sm">
        {outcome?.kind === 'shared' && (
          <>
            Shared to the {roomName(outcome.room)} room.{' '}
            <Link to={paths.chatRoom(outcome.room)} className="link link-primary font-medium">
              Open the {roomName(outcome.room)} room
            </Link>
          </>
        )}
        {outcome?.kind === 'restored' &&
          `Your drawing is back. Press Share to a room to post it to ${roomName(outcome.room)}.`}
        {outcome?.kind === 'error' && <span className="text-error">{outcome.message}</span>}
      </p>
    </section>
  );
}
