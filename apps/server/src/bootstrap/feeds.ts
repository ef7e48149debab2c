import type { BuiltInSourceKind } from '@meridian/contracts';
import type { Executor } from '../db/client.js';
import { appSettings } from '../db/schema.js';
import { sourcesRepository } from '../modules/feeds/sources.repository.js';
import { BUILT_IN_NAMES } from '../modules/feeds/sources.service.js';

/**
 * Installs the built-in feeds the configuration asks for, each once in the life of the
 * database: a marker remembers it, so a feed a platform admin removed stays removed.
 * Answers how many were installed now.
 */
export async function installDefaultSources(
  db: Executor,
  install: readonly { kind: BuiltInSourceKind; url: string }[],
): Promise<number> {
  let installed = 0;
  for (const { kind, url } of install) {
    const marked = await db
      .insert(appSettings)
      .values({ key: `feeds.installed.${kind}`, value: url })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (marked.length === 0) continue;
    installed += await sourcesRepository.insertMissing(db, [
      { kind, key: kind, name: BUILT_IN_NAMES[kind], url },
    ]);
  }
  return installed;
}
