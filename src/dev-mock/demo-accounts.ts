// The demo accounts of `npm run dev` (scripts/lib/auth-emulator.ts), for the stand-in sign-in of
// `npm run dev:mock`; a web test keeps the two lists equal.
export const MOCK_DEMO_ACCOUNTS = [
  { email: 'admin@learntogether.test', password: 'admin123', displayName: 'Ada Admin' },
  { email: 'student@learntogether.test', password: 'student123', displayName: 'Sam Student' },
] as const;
