import { describe, expect, it } from './support/test';
import { fixtures, signIn, useBrowser } from './support/browser';

const browser = useBrowser();

describe('the service worker', () => {
  it('caches the app shell and never an API response', async () => {
    const page = await browser.newPage({ serviceWorkers: 'allow' });
    await page.goto('/login');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await signIn(page, fixtures().manager);
    // A reload under the active worker goes through its fetch handler.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Atlas' }).waitFor();
    const cached = await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
      }
      return paths;
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((path) => /^\/assets\/index-[\w-]+\.js$/.test(path))).toBe(true);
    expect(cached.some((path) => path.startsWith('/assets/') && path.endsWith('.css'))).toBe(true);
    expect(cached.filter((path) => path.startsWith('/api'))).toEqual([]);
  });

  it('starts the app from the cache when the network is gone', async () => {
    const page = await browser.newPage({ serviceWorkers: 'allow' });
    await page.goto('/login');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });
});
