import { Link } from 'react-router';
import { CHAT_ROOMS } from '@contract/chat-rules';
import { ArrowRightIcon } from '@/components/icons/arrow-right-icon';
import { paths } from '@/config/paths';

/** /chat/{something else}: only the six rooms exist (docs/decisions.md); this says so and lists them. */
export function UnknownRoom({ roomId }: { roomId: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-3xl font-bold tracking-tight">This chat room does not exist</h1>
      <p className="mt-3 text-base-content/70">
        There is no room called{' '}
        <code className="break-all rounded-md bg-base-200 px-1.5 py-0.5 text-sm text-base-content">
          {roomId}
        </code>
        . Pick one of the {CHAT_ROOMS.length} rooms:
      </p>
      <ul aria-label="Chat rooms" className="mt-6 flex flex-wrap justify-center gap-2">
        {CHAT_ROOMS.map((room) => (
          <li key={room}>
            <Link
              to={paths.chatRoom(room)}
              className="btn btn-outline btn-sm rounded-xl normal-case"
            >
              {room}
            </Link>
          </li>
        ))}
      </ul>
      <Link to={paths.messageBox} className="btn btn-primary mt-8 rounded-xl normal-case">
        Join a room with your name
        <ArrowRightIcon className="h-4 w-4" />
      </Link>
    </section>
  );
}
