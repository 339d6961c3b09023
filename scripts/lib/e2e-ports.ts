import type { StackPorts } from './production-stack';

// Ports of the e2e stack, apart from the dev stack's so both can run at once.
export const E2E_PORTS: StackPorts = { server: 3100, authEmulator: 9199, stripeEmulator: 12211 };
export const E2E_EMULATOR_PORT = E2E_PORTS.authEmulator;
export const E2E_SERVER_PORT = E2E_PORTS.server;
export const E2E_STRIPE_EMULATOR_PORT = E2E_PORTS.stripeEmulator;
export const E2E_SPA_DIR = '.e2e/dist';
