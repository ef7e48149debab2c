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

// jsdom's Blob has no text(), which browsers have had since 2019: read it as they would.
if (!('text' in Blob.prototype)) {
  Object.defineProperty(Blob.prototype, 'text', {
    value(this: Blob) {
      return new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
        reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
        reader.readAsText(this);
      });
    },
  });
}

// jsdom lays nothing out, so it has no ResizeObserver (Radix's Switch measures itself): one
// that never reports a size, as a layout-free page would.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
