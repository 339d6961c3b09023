export { AuthProvider, fetchIsAdmin } from './auth-provider';
export { useAuth, type AuthState, type AuthStatus } from './auth-context';
export type { AuthService, AuthUser } from './auth-service';
