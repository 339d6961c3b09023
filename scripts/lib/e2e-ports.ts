import type { StackPorts } from './production-stack';
import { testPort } from './test-ports';

// Ports of the e2e stack, apart from the dev stack's so both can run at once.
export const E2E_PORTS: StackPorts = {
  server: testPort(3100),
  authEmulator: testPort(9199),
  stripeEmulator: testPort(12211),
};
export const E2E_EMULATOR_PORT = E2E_PORTS.authEmulator;
export const E2E_SERVER_PORT = E2E_PORTS.server;
export const E2E_SPA_DIR = '.e2e/dist';
