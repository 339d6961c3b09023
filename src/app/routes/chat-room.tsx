import { useCallback } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { CHAT_ROOMS, isChatRoom } from '@contract/chat-rules';
import { paths } from '@/config/paths';
import { chosenChatName } from '@/lib/chat-name';
import { ChatRoomScreen } from '@/features/chat/components/chat-room-screen';
import { UnknownRoom } from '@/features/chat/components/unknown-room';
import { ReportMessageButton } from '@/features/chat-moderation/components/report-message-dialog';
import { RoomSearch } from '@/features/chat-moderation/components/room-search';
import { useAuth } from '@/lib/auth';

/** /chat/{roomId}: one of the six rooms, or a page that says the room does not exist. */
export default function ChatRoomRoute() {
  const { roomId = '' } = useParams();
  const location = useLocation();
  const { user, isAdmin, signOut } = useAuth();
  // A refused handshake ends the session as a 401 does; the login guard then goes to /login.
  const onSessionRejected = useCallback(() => void signOut(), [signOut]);

  if (!isChatRoom(roomId)) {
    const canonical = CHAT_ROOMS.find((room) => room.toLowerCase() === roomId.toLowerCase());
    if (canonical)
      return <Navigate replace to={paths.chatRoom(canonical)} state={location.state} />;
    return <UnknownRoom roomId={roomId} />;
  }
  return (
    <ChatRoomScreen
      // A new room is a new conversation: fresh state and a fresh socket.
      key={roomId}
      room={roomId}
      name={chosenChatName(location.state, user?.displayName ?? null, user?.email ?? null)}
      isAdmin={isAdmin === true}
      onSessionRejected={onSessionRejected}
      search={<RoomSearch room={roomId} />}
      // Anyone may report someone else's message; a deleted one has nothing left to report.
      messageActions={(message, own) =>
        own || message.deleted ? null : <ReportMessageButton message={message} />
      }
    />
  );
}
