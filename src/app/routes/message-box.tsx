import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { chatName, type ChatRoomState } from '@/lib/chat-name';
import { JoinChatScreen } from '@/features/chat/components/join-chat-screen';
import { useGetOwnedCoursesQuery } from '@/features/courses/api/owned-courses-api';
import { useAuth } from '@/lib/auth';

/** /messagebox: the join form goes to chat/{room}, passing the name and the room (docs/product.md §2). */
export default function MessageBoxRoute() {
  const navigate = useNavigate();
  const { user } = useAuth();
  // "Your course rooms" (D61): the courses the user owns; an admin's too, not every course's
  // (too many: an admin opens any other room by its address).
  const { currentData: owned } = useGetOwnedCoursesQuery();
  return (
    <JoinChatScreen
      defaultName={user?.displayName ?? ''}
      courses={owned}
      onJoin={({ name, room }) => {
        // Kept for this tab, so a reload of the room keeps the name (the room is in the URL).
        chatName.set(name);
        const state: ChatRoomState = { name, room };
        navigate(paths.chatRoom(room), { state });
      }}
    />
  );
}
