import { ComingSoon } from '@/components/coming-soon';

export default function LoginScreen() {
  return <ComingSoon title="Login" what="Signing in" />;
}
