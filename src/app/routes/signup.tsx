import { ComingSoon } from '@/components/coming-soon';

export default function SignupScreen() {
  return <ComingSoon title="Sign up" what="Creating an account" />;
}
