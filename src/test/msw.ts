// The msw server shared by a test file: add handlers with `server.use(...)` in a test.
import { setupServer } from 'msw/node';

export const server = setupServer();
