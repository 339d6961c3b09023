import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** msw for the web tests (Node); tests add one-off handlers with `server.use(...)`. */
export const server = setupServer(...handlers);
