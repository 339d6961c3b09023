export { AuthProvider } from './auth-provider';
export { useAuth, type AuthStatus } from './auth-context';
export { loadFirebase, type AuthService, type AuthUser } from './auth-service';
export { isTokenUsableFor, readTokenClaims } from './token-claims';
