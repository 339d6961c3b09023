export { AuthProvider } from './auth-provider';
export { useAuth, type AuthState, type AuthStatus } from './auth-context';
export { loadFirebase, type AuthService, type AuthUser } from './auth-service';
export { fetchIsAdmin } from './session-api';
export { isTokenUsableFor, readTokenClaims } from './token-claims';
