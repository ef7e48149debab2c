import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

/**
 * Writes a .br and a .gz beside each hashed text asset, at the highest levels, so the server
 * sends them as they are instead of compressing every response again (and less well).
 */
function precompressAssets(): Plugin {
  let assetsDir = '';
  return {
    name: 'meridian:precompress-assets',
    apply: 'build',
    configResolved(config) {
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    async closeBundle() {
      const files = (await readdir(assetsDir)).filter((name) =>
        /\.(?:js|mjs|css|json|svg)$/.test(name),
      );
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(assetsDir, name);
          const body = await readFile(file);
          if (body.byteLength < 1024) return;
          await writeFile(
            `${file}.br`,
            brotliCompressSync(body, {
              params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
            }),
          );
          await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
        }),
      );
    },
  };
}

/** What the login page needs of the libraries (with react's group): grouped, and kept small. */
const LOGIN_LIBRARIES =
  /node_modules[\\/](@tanstack[\\/](query-core|react-query)|react-hook-form|tailwind-merge|clsx|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|context|shared[\\/].*|icons[\\/](moon|sun|monitor|circle-alert|circle-exclamation-point|circle-check|loader-circle))\.mjs)/;
/** Radix primitives and their helpers, the icons, the virtualizer: the admin screens' kit. */
const ADMIN_UI_LIBRARIES =
  /node_modules[\\/](@radix-ui|@floating-ui|lucide-react|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|detect-node-es|tslib|@tanstack[\\/](react-virtual|virtual-core))[\\/]/;

/** A section of a message catalogue, or its index (config/messages, contracts' messages). */
const MESSAGE_SECTION = /[\\/](?:config|contracts[\\/]src)[\\/]messages[\\/][^\\/]+\.ts$/;

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressAssets()],
  resolve: {
    // Resolve @meridian/contracts to its TypeScript source so no build step is needed first.
    conditions: ['source', ...defaultClientConditions],
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  // Module workers, so that a worker loads part of its code later (the incident-map worker
  // fetches its list before its reader has loaded).
  worker: { format: 'es' },
  build: {
    rolldownOptions: {
      // The two message catalogues (the web's and the API's) are a file per section behind an
      // index: they do nothing but export, so a page's chunk takes the sections it reads rather
      // than every section the index names.
      treeshake: {
        moduleSideEffects: (id) => (MESSAGE_SECTION.test(id) ? false : undefined),
      },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // Only what the login page needs is grouped, so admin-only libraries stay lazy. zod and
        // sonner are not among them: they load with the first reply to check and the first toast.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 2,
            },
            {
              name: 'vendor',
              test: LOGIN_LIBRARIES,
              priority: 2,
            },
            // The signed-in screens' UI libraries in one chunk, not dozens: a first visit to an
            // admin page waits for one request where it waited for rounds of them.
            { name: 'admin-ui', test: ADMIN_UI_LIBRARIES, priority: 1 },
          ],
        },
      },
    },
  },
});
