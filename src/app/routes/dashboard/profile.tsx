import { ComingSoon } from '@/components/coming-soon';

export default function ProfileScreen() {
  return <ComingSoon title="Your profile" what="The profile page" />;
}
