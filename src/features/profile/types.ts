export type { ProfileUpdateBody, UserProfile } from '@contract/users';
