import { setupServer } from 'msw/node';

/** The fake API of component tests; each test adds the handlers it needs with `server.use(...)`. */
export const server = setupServer();
