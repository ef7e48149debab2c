import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { apiServer } from './msw-server';

// A request no handler answers fails the test rather than reaching for a network.
beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  apiServer.resetHandlers();
  window.localStorage.clear();
});
afterAll(() => apiServer.close());
