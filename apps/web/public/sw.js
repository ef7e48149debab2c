// Meridian service worker: keeps the app shell (index.html and the hashed build assets) so the
// app starts without a network. It never stores /api responses: they carry user data.
const CACHE_NAME = 'meridian-shell-v1';
const SHELL_URL = '/index.html';

const isApiRequest = (url) => url.pathname === '/api' || url.pathname.startsWith('/api/');
const isHashedAsset = (url) => url.pathname.startsWith('/assets/');

const shellAssets = (html) =>
  new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]));

/** Stores a fresh index.html; after a release, drops the assets of the previous one. */
async function storeShell(response) {
  const cache = await caches.open(CACHE_NAME);
  const html = await response.clone().text();
  const assets = shellAssets(html);
  const previous = await cache.match(SHELL_URL);
  const previousEntry = previous ? [...shellAssets(await previous.text())].join() : null;
  await cache.put(SHELL_URL, response);
  if (previousEntry !== null && previousEntry !== [...assets].join()) {
    const requests = await cache.keys();
    await Promise.all(
      requests
        .filter((request) => isHashedAsset(new URL(request.url)))
        .filter((request) => !assets.has(new URL(request.url).pathname))
        .map((request) => cache.delete(request)),
    );
  }
  const cached = await Promise.all([...assets].map((asset) => cache.match(asset)));
  await cache.addAll([...assets].filter((_, index) => !cached[index]));
}

async function precacheShell() {
  const response = await fetch(SHELL_URL, { cache: 'no-cache' });
  if (response.ok) await storeShell(response);
}

async function removeOldCaches() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name !== CACHE_NAME).map((name) => caches.delete(name)));
}

// Pages: the network first, so a new release shows at once; the cached shell when offline.
// The browser starts that request while the worker boots (navigation preload).
async function handleNavigation(event) {
  try {
    const response = (await event.preloadResponse) ?? (await fetch(event.request));
    const isHtml = response.headers.get('content-type')?.includes('text/html');
    if (response.ok && isHtml) event.waitUntil(storeShell(response.clone()));
    return response;
  } catch (error) {
    const cached = await caches.match(SHELL_URL);
    if (cached) return cached;
    throw error;
  }
}

// Hashed assets never change under the same name, so the cache can answer first.
async function handleAsset(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(CACHE_NAME);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('install', (event) => {
  event.waitUntil(precacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    Promise.all([removeOldCaches(), self.registration.navigationPreload?.enable()]).then(() =>
      self.clients.claim(),
    ),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isApiRequest(url)) return;
  if (request.mode === 'navigate') {
    event.respondWith(handleNavigation(event));
  } else if (isHashedAsset(url)) {
    event.respondWith(handleAsset(request));
  }
});
