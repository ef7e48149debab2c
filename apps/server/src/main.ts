import pino from 'pino';
import { buildApp } from './app.js';
import { seedDemoData, shouldSeedDemo } from './bootstrap/demo-data.js';
import { installDefaultSources } from './bootstrap/feeds.js';
import { ensurePlatform, resolveJwtSecret } from './bootstrap/platform.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { loggerOptions } from './lib/logger.js';
import { PasswordHasher } from './lib/passwords.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const log = pino(loggerOptions(config));
  const where =
    config.database.kind === 'postgres'
      ? 'PostgreSQL (DATABASE_URL)'
      : `embedded PGlite at ${config.database.dataDir}`;
  log.info(`opening database: ${where}`);
  const database = await openDatabase(config.database, (err) =>
    log.warn({ err }, 'a database connection failed; the pool opens another'),
  );
  log.info('applying migrations');
  await database.migrate();

  const hasher = new PasswordHasher(config.passwordHashing, 4, config.passwordHashQueue);
  // Instances starting together on one PostgreSQL must not both create the platform or secret.
  const { platform, demo, jwtSecret, feeds } = await database.exclusive(async () => ({
    platform: await ensurePlatform(database.db, config, hasher),
    demo: (await shouldSeedDemo(database.db, config))
      ? await seedDemoData(database.db, config, hasher, log)
      : null,
    jwtSecret: await resolveJwtSecret(database.db, config.jwtSecret),
    feeds: await installDefaultSources(database.db, config.feeds.install),
  }));

  const app = await buildApp({
    config,
    db: database.db,
    databaseKind: database.kind,
    jwtSecret,
    hasher,
    logger: log,
    listen: database.listen,
  });
  await app.listen({ host: config.host, port: config.port });
  const address = config.publicUrl ?? `http://localhost:${config.port}`;
  log.info(`Meridian is running at ${address}`);
  if (platform.generatedPassword) {
    log.warn(
      `Sign in as ${platform.ownerEmail} with password ${platform.generatedPassword} (generated once: you choose a new one at the first sign-in; set ADMIN_EMAIL / ADMIN_PASSWORD to choose your own)`,
    );
  } else {
    log.info(`Platform owner: ${platform.ownerEmail}`);
  }
  if (demo) log.info(demo.signInHint);
  if (feeds > 0) log.info({ feeds }, 'hazard feeds installed (Platform Setup → Data sources)');

  // Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

await main();
