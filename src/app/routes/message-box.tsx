import { ComingSoon } from '@/components/coming-soon';

export default function MessageBoxScreen() {
  return <ComingSoon title="Join a chat room" what="Joining a topic chat room" />;
}
