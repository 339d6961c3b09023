import { useCallback, useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { CHAT_ROOMS, isChatRoom } from '@contract/chat-rules';
import { CHAT_DRAFT_PARAM, courseIdOfRoom } from '@contract/course-rules';
import { useGetOwnedCoursesQuery } from '@/features/courses/api/owned-courses-api';
import { paths } from '@/config/paths';
import { chosenChatName } from '@/lib/chat-name';
import { ChatRoomScreen } from '@/features/chat/components/chat-room-screen';
import { UnknownRoom } from '@/features/chat/components/unknown-room';
import { ReportMessageButton } from '@/features/chat-moderation/components/report-message-dialog';
import { RoomSearch } from '@/features/chat-moderation/components/room-search';
import { useAuth } from '@/lib/auth';

/**
 * /chat/{roomId}: one of the six rooms, a course's study room (`course-<id>`, D61; the server
 * says who may enter), or a page that says the room does not exist. `?draft=` fills the message
 * box (not sent) and leaves the address.
 */
export default function ChatRoomRoute() {
  const { roomId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { user, isAdmin, signOut } = useAuth();
  // A refused handshake ends the session as a 401 does; the login guard then goes to /login.
  const onSessionRejected = useCallback(() => void signOut(), [signOut]);
  const courseId = isChatRoom(roomId) ? courseIdOfRoom(roomId) : null;
  const { currentData: owned } = useGetOwnedCoursesQuery(undefined, { skip: courseId === null });
  const courseName = owned?.find((course) => course.courseId === courseId)?.name;
  const draft = searchParams.get(CHAT_DRAFT_PARAM);

  // The draft is in the message box once the room has mounted: the address drops it, so a reload
  // or a shared link does not fill it again.
  useEffect(() => {
    if (draft === null) return;
    const rest = new URLSearchParams(searchParams);
    rest.delete(CHAT_DRAFT_PARAM);
    const search = rest.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [draft, searchParams, navigate, location.pathname, location.hash, location.state]);

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
      title={courseId === null ? undefined : `${courseName ?? 'Course'} — study room`}
      initialDraft={draft ?? undefined}
      search={<RoomSearch room={roomId} />}
      // Anyone may report someone else's message; a deleted one has nothing left to report.
      messageActions={(message, own) =>
        own || message.deleted ? null : <ReportMessageButton message={message} />
      }
    />
  );
}
