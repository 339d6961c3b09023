import { AllUsersScreen } from '@/features/admin/components/all-users-screen';

export default function AllUsersRoute() {
  return <AllUsersScreen />;
}
