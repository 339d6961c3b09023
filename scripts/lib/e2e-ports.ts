// Ports of the e2e stack, apart from the dev stack's so both can run at once.
export const E2E_EMULATOR_PORT = 9199;
export const E2E_SERVER_PORT = 3100;
export const E2E_SPA_DIR = '.e2e/dist';
