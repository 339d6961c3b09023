// The variables of the scripts, tests and benchmarks (not of the server or the web app, whose
// variables are server/config.ts's schema and src/config/env.ts's list). With those two, this is
// the one list of the project's variables: README's table and .env.example name exactly these
// (tests/server/env-variables.test.ts).

export const TOOLING_ENV_VARIABLES = [
  // npm run dev
  'WEB_PORT',
  'AUTH_EMULATOR_PORT',
  'STRIPE_EMULATOR_PORT',
  'MAIL_CATCHER_SMTP_PORT',
  'MAIL_CATCHER_WEB_PORT',
  // the Stripe emulator run on its own (scripts/stripe-emulator/main.ts)
  'STRIPE_WEBHOOK_URL',
  'STRIPE_EMULATOR_RETRY_SCALE',
  'STRIPE_WEBHOOK_EVENTS',
  // npm run start:cluster
  'CLUSTER_PROCESSES',
  // npm test
  'TEST_DATABASE_URL',
  'TEST_REDIS_URL',
  'TEST_PORT_OFFSET',
  'CHROMIUM_PATH',
  'E2E_MOCK_PORT',
  // npm run bench
  'LIGHTHOUSE_DETAILS',
  'LIGHTHOUSE_RUNS',
  'LIGHTHOUSE_REUSE_BUILD',
  'START_TRACE_REUSE_BUILD',
  'BENCH_DATABASE_URL',
  'BENCH_CPU_PROF',
  'BENCH_CLUSTER_SECONDS',
  'BENCH_CHAT_CLIENTS',
  'BENCH_CHAT_FANOUT_S',
  'BENCH_CHAT_RATES',
  'BENCH_BOARD_S',
  'BENCH_BOARD_OPEN_STROKES',
  'BENCH_ROUNDS',
  'FIELD_INP_VISITS',
  'FIELD_INP_REUSE_BUILD',
] as const;

/**
 * Read by the code but set by the project's own scripts for their children, never by a person:
 * not documented as settings.
 */
export const INTERNAL_ENV_VARIABLES = [
  // scripts/dev.ts → vite.config.ts: where Vite proxies /api.
  'VITE_DEV_API_TARGET',
  // bench/chat.ts → its server child process: the shared token secret.
  'BENCH_SECRET',
  // npm test → its steps: the port of the run's one Auth Emulator (docs/decisions.md D94).
  'TEST_AUTH_EMULATOR_PORT',
  // The machine's own: CI, the shell.
  'CI',
  'PATH',
  'HOME',
] as const;
