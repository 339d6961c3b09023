export type { UserRole, UserSummary } from '@contract/users';
