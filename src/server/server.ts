/**
 * Starts the server: configuration, database (open, migrate, seed), listen. On an empty database
 * it prints the first administrator's credentials once. SIGTERM/SIGINT: finish in-flight
 * requests, then close the database cleanly (PGlite flushes its data directory).
 */
import { buildApp, type App } from './app.js';
import type { BackupSchedule } from './backup/backups.js';
import { claimDataDir, DataDirInUse, type Claim } from './backup/control.js';
import { dropLeftoverSlots } from './backup/leftovers.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { migrateToLatest, searchIndexesMissing } from './db/migrate.js';
import { openDatabase } from './db/open-database.js';
import { firstAdministratorLine, seedDatabase } from './db/seed.js';
import { MODULES } from './modules.js';

const SHUTDOWN_TIMEOUT_MS = 15_000;
/**
 * One Ctrl-C in a terminal reaches this process twice (from the terminal, which signals the whole
 * process group, and from the launcher passing it on): a repeat this soon is the same signal.
 */
const REPEAT_WINDOW_MS = 2_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
    for (const module of MODULES) module.checkSettings?.(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  // One process at a time on the embedded database's directory: a second server, or a backup or
  // restore of a stopped one, would otherwise write the same files.
  let claim: Claim | null = null;
  if (config.database.kind === 'pglite-file') {
    try {
      claim = await claimDataDir(config.dataDir, 'server');
    } catch (error) {
      if (!(error instanceof DataDirInUse)) throw error;
      console.error(`Failed to start: ${error.message}.`);
      process.exit(1);
    }
  }
  const database = await openDatabase(config.database);
  // The embedded database's thread died: this process can do nothing more; exit so that whoever
  // supervises it starts it again (PGlite recovers from its write-ahead log on the next start).
  database.onFailure((reason) => {
    console.error(`The embedded database stopped (${reason}): exiting.`);
    process.exit(1);
  });
  let app: App | null = null;
  let schedule: BackupSchedule | null = null;
  let stoppingSince: number | null = null;
  const stop = async (signal: string) => {
    if (stoppingSince !== null) {
      if (Date.now() - stoppingSince < REPEAT_WINDOW_MS) return;
      console.error(`${signal} again: exiting at once.`);
      process.exit(1);
    }
    stoppingSince = Date.now();
    console.log(`${signal}: stopping (finishing the requests in flight, then closing the database)…`);
    const timer = setTimeout(() => {
      console.error('Shutdown took too long: exiting.');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      schedule?.stop();
      await app?.close();
      await database.close();
      await claim?.release();
      console.log('Stopped: the database is closed.');
      process.exit(0);
    } catch (error) {
      console.error('Shutdown failed:', error instanceof Error ? error.message : error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await migrateToLatest(database.db);
  if (claim) await dropLeftoverSlots(database.db);
  if (await searchIndexesMissing(database.db)) {
    console.warn('Searches run without their trigram indexes: the PostgreSQL extension pg_trgm is not installed on the server, or this role may not create it (see migration 0005).');
  }
  const { createdAdmin } = await seedDatabase(database.db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword, now: Date.now });
  app = await buildApp({ config, database });
  await app.listen({ port: config.port, host: config.host });
  if (claim) {
    // `npm run backup` asks this process through the directory's control socket. The archive code
    // loads when the first backup is asked for (or at start with BACKUP_DIR), not with every server.
    const log = app.log;
    const backups = async () => {
      const { BackupSchedule, BackupTaker, backupRequests } = await import('./backup/backups.js');
      const taker = new BackupTaker({ dataDir: config.dataDir, media: config.media, database });
      return { BackupSchedule, taker, answer: backupRequests(taker, log) };
    };
    let loaded: ReturnType<typeof backups> | null = null;
    claim.serve(async (request, socket) => (await (loaded ??= backups())).answer(request, socket));
    if (config.backups) {
      const { BackupSchedule, taker } = await (loaded ??= backups());
      schedule = new BackupSchedule(config.backups, taker, log);
      await schedule.start();
    }
  }

  console.log(`Travel Back Office is running at ${displayUrl(app, config)}`);
  if (config.publicUrl !== `http://localhost:${config.port}`) console.log(`Public URL (used in e-mailed links): ${config.publicUrl}`);
  if (createdAdmin) console.log(firstAdministratorLine(createdAdmin));
  console.log(`Database: ${describeDatabase(config)}`);
  console.log(`Node.js: ${process.version}`);
  if (config.backups) console.log(`Backups: every ${config.backups.intervalMs / 60_000} minutes into ${config.backups.dir}, the ${config.backups.keep} newest kept`);
}

function displayUrl(app: App, config: Config): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const loopbackOrAny = ['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::'].includes(config.host);
  return `http://${loopbackOrAny ? 'localhost' : config.host}:${port}`;
}

function describeDatabase(config: Config): string {
  if (config.database.kind === 'pglite-file') return `embedded PostgreSQL in ${config.database.dataDir}`;
  if (config.database.kind === 'pglite-memory') return 'embedded PostgreSQL in memory (data is lost on exit)';
  return 'PostgreSQL server';
}

main().catch((error: unknown) => {
  // One line, no stack: the message names what went wrong (e.g. the database cannot be reached).
  console.error(`Failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
