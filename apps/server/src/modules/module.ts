import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Database, DatabaseHandle } from '../db/client.js';
import type { BackgroundWork } from '../jobs/background.js';
import type { LoopingWorker } from '../jobs/loop.js';
import type { JobDefinitions } from '../jobs/registry.js';
import type { KindHealth } from '../jobs/worker.js';
import type { Mailer } from '../lib/mailer.js';
import type { ChangeFollower } from '../lib/notified-cache.js';
import type { OidcClient } from '../lib/oidc.js';
import type { PasswordHasher } from '../lib/passwords.js';
import type { AccessTokens } from '../lib/tokens.js';

/**
 * What every module may use, built once by the app before any module: the configuration, the
 * database, the process's shared pieces, and the way to queue background work.
 */
export type AppCore = {
  /** The root instance: for decorations that tests and main.ts read (`app.feedPoller`). */
  app: FastifyInstance;
  config: AppConfig;
  db: Database;
  databaseKind: DatabaseHandle['kind'];
  log: FastifyBaseLogger;
  jwtSecret: string;
  hasher: PasswordHasher;
  tokens: AccessTokens;
  oidc: OidcClient | null;
  mailer: Mailer;
  background: BackgroundWork;
  /**
   * Resolves once this instance has heard every cache change committed so far (see `caches`);
   * callable from the first request on.
   */
  settle: () => Promise<void>;
};

/**
 * What a module offers the modules listed after it, by name. Each module adds its own entries
 * by declaration merging, beside its registration (as `JobPayloads` for job kinds):
 *
 *   declare module '../module.js' {
 *     interface ModuleExports { geocode: GeocodeService }
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the modules fill it
export interface ModuleExports {}

/** Another module's export; asking for one no earlier module offers is a wiring error. */
export type Use = <Name extends keyof ModuleExports>(name: Name) => ModuleExports[Name];

/** What one module adds to the app; every part is optional. */
export type ModuleParts = {
  /** Offered to the modules after it. */
  exports?: Partial<ModuleExports>;
  /** Its routes, registered under /api behind the access guard. */
  routes?: (api: FastifyInstance) => Promise<void>;
  /** Its kinds of background job. */
  jobs?: JobDefinitions;
  /** Its loops, started when the app is ready and stopped (their pass finished) on close. */
  workers?: readonly LoopingWorker[];
  /** Loops whose health the jobs screen shows beside the job kinds. */
  health?: readonly (readonly [string, KindHealth])[];
  /**
   * What follows the database's change notifications, by channel: caches kept true by them, or
   * anything else told of each change (the inbox's live streams).
   */
  caches?: readonly (readonly [string, ChangeFollower])[];
};

/** One domain of the server, registering itself through one function. */
export type MeridianModule = {
  name: string;
  setup: (core: AppCore, use: Use) => ModuleParts | Promise<ModuleParts>;
};

export const defineModule = (module: MeridianModule): MeridianModule => module;

/** A wiring error: `name` is used before (or without) the module that exports it. */
export const missingExport = (name: string): never => {
  throw new Error(`no module exports ${name}: list the module that does before its users`);
};

/** Sets up each module in order, each able to use what the ones before it export. */
export async function setUpModules(
  core: AppCore,
  modules: readonly MeridianModule[],
): Promise<{ parts: ModuleParts[]; exports: Partial<ModuleExports> }> {
  const exports: Partial<ModuleExports> = {};
  const use = <Name extends keyof ModuleExports>(name: Name): ModuleExports[Name] =>
    exports[name] ?? missingExport(name);
  const parts: ModuleParts[] = [];
  for (const module of modules) {
    const part = await module.setup(core, use);
    for (const name of Object.keys(part.exports ?? {}) as (keyof ModuleExports)[]) {
      if (name in exports) throw new Error(`${name} is exported twice (again by ${module.name})`);
    }
    Object.assign(exports, part.exports);
    parts.push(part);
  }
  return { parts, exports };
}

/** The jobs screen's view of the app, offered by the app itself once every module is set up. */
export type BackgroundHealth = {
  worker: { readonly health: ReadonlyMap<string, KindHealth> };
  loops: readonly (readonly [string, KindHealth])[];
};
