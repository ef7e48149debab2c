import { setupServer } from 'msw/node';

/** The API as component tests see it: each test says what its requests answer. */
export const apiServer = setupServer();
