import type { ModeratedMessage } from '@contract/chat-moderation';
import { ChatImage } from '@/components/chat-image';

/** What a message said, as moderation shows it: its text as typed, and a shared drawing. */
export function MessageBody({
  message,
}: {
  message: Pick<ModeratedMessage, 'msg' | 'image' | 'name'>;
}) {
  return (
    <>
      {message.image && (
        <div className="mt-1">
          <ChatImage image={message.image} author={message.name} className="w-40" />
        </div>
      )}
      {message.msg && <p className="mt-0.5 whitespace-pre-wrap break-words">{message.msg}</p>}
    </>
  );
}
