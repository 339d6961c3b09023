import { updateDisplayName } from '@/features/auth/api/identity';
import { ProfileScreen } from '@/features/profile/components/profile-screen';

/** The profile changes the display name through the identity provider: composed here. */
export default function ProfileRoute() {
  return <ProfileScreen updateDisplayName={updateDisplayName} />;
}
