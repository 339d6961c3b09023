import { SignupScreen } from '@/features/auth/components/signup-screen';

export default function SignupRoute() {
  return <SignupScreen />;
}
