import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../db/client.js';

/**
 * An empty embedded database with every migration applied, dumped once and loaded by each test
 * server: starting PGlite from nothing (its initdb) costs about three seconds on the two-core
 * machines that run the tests, loading a dump well under one. The dump is kept in the system's
 * temporary folder under a name made from the migrations and PGlite's version, so a new migration
 * or a PGlite upgrade makes a new one, and test processes that start together share the work.
 */
let loaded: Promise<Blob> | undefined;

export function migratedPgliteImage(): Promise<Blob> {
  // A failure is not kept: the next server tries again.
  loaded ??= loadOrBuild().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

async function loadOrBuild(): Promise<Blob> {
  // The user's own folder: another account on the machine can neither plant nor block a dump.
  const user = process.getuid?.() ?? 'user';
  const file = path.join(
    tmpdir(),
    `meridian-test-databases-${user}`,
    `pglite-${await fingerprint()}.tar`,
  );
  const existing = await readFile(file).catch(() => null);
  if (existing) return new Blob([existing]);

  const database = await PGlite.create();
  try {
    await migrate(drizzle(database), { migrationsFolder });
    const image = await database.dumpDataDir('none');
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // Written aside and renamed: a process that reads it meets the whole dump or none.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, new Uint8Array(await image.arrayBuffer()));
    await rename(partial, file);
    return image;
  } finally {
    await database.close();
  }
}

/** The migrations' text and the versions of PGlite and of the migrator (drizzle-orm), hashed. */
async function fingerprint(): Promise<string> {
  const hash = createHash('sha256');
  const require = createRequire(import.meta.url);
  for (const entry of [require.resolve('@electric-sql/pglite'), require.resolve('drizzle-orm')]) {
    // Each package's own package.json, found up from its entry point.
    let folder = path.dirname(entry);
    while (!(await readFile(path.join(folder, 'package.json'), 'utf8').catch(() => null))) {
      folder = path.dirname(folder);
    }
    const manifest = JSON.parse(await readFile(path.join(folder, 'package.json'), 'utf8')) as {
      name?: string;
      version?: string;
    };
    hash.update(`${manifest.name}@${manifest.version}`);
  }
  for (const folder of [migrationsFolder, path.join(migrationsFolder, 'meta')]) {
    const names = (await readdir(folder)).filter((name) => /\.(sql|json)$/.test(name)).sort();
    for (const name of names) hash.update(name).update(await readFile(path.join(folder, name)));
  }
  return hash.digest('hex').slice(0, 16);
}
