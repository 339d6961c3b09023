import { ComingSoon } from '@/components/coming-soon';

export default function ChatRoomScreen() {
  return <ComingSoon title="Chat Room" what="Live topic chat" />;
}
