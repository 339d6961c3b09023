import { ComingSoon } from '@/components/coming-soon';

export default function AllUsersScreen() {
  return <ComingSoon title="Make Admin" what="User management" />;
}
