import { ReportsScreen } from '@/features/chat-moderation/components/reports-screen';

export default function ReportsRoute() {
  return <ReportsScreen />;
}
