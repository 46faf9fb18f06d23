import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { recordAudit } from './modules/audit/index.js';
import { backupDatabase, restoreDatabase } from './modules/operations/index.js';
import { findUserByEmail, grantModerator } from './modules/users/index.js';

const USAGE = [
  'usage: npm run admin -- grant-moderator EMAIL',
  '       npm run admin -- backup FILE',
  '       npm run admin -- restore FILE [--force]',
].join('\n');

/**
 * Command-line tasks on the configured database (the same DATABASE_URL / DATA_DIR as the server):
 *   npm run admin -- grant-moderator EMAIL   makes an existing user a moderator (the first one comes from here)
 *   npm run admin -- backup FILE             a backup of everything, while the app runs (decision 034)
 *   npm run admin -- restore FILE [--force]  into an empty database (--force: replaces what is there), then migrates
 */
export async function runAdminCommand(
  args: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<{ code: number; message: string }> {
  const [command, operand, ...flags] = args;
  if (command === 'backup' && operand && flags.length === 0) return backup(operand, env);
  if (command === 'restore' && operand && flags.every((flag) => flag === '--force')) {
    return restore(operand, flags.includes('--force'), env);
  }
  if (command !== 'grant-moderator' || !operand || flags.length > 0) return { code: 2, message: USAGE };
  return grant(operand, env);
}

async function backup(file: string, env: Record<string, string | undefined>) {
  const config = loadConfig(env);
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const startMs = Date.now();
    // from another process than the app's: SQLite copies in one step (a read that writers do not wait for)
    const bytes = await backupDatabase(database.source, resolve(file), 0x7fffffff);
    const seconds = ((Date.now() - startMs) / 1000).toFixed(1);
    return { code: 0, message: `backup of ${database.describe} written to ${file} (${bytes} bytes, ${seconds} s)` };
  } finally {
    await database.close();
  }
}

async function restore(file: string, force: boolean, env: Record<string, string | undefined>) {
  const config = loadConfig(env);
  return {
    code: 0,
    message: await restoreDatabase({ url: config.databaseUrl, dataDir: config.dataDir }, resolve(file), force),
  };
}

async function grant(email: string, env: Record<string, string | undefined>) {
  const config = loadConfig(env);
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database);
    const granted = await database.db.transaction().execute(async (trx) => {
      const target = await findUserByEmail(trx, email.trim().toLowerCase());
      if (!target || !(await grantModerator(trx, email))) return false;
      // from the command line: nobody signed in, no request
      await recordAudit(trx, {
        actorUserId: null,
        action: 'user.role_granted',
        subject: { type: 'user', id: target.id },
        details: { role: 'moderator', via: 'command line' },
        origin: null,
      });
      return true;
    });
    if (!granted) return { code: 1, message: `no user with the e-mail ${email}` };
    return { code: 0, message: `${email} is now a moderator (${database.describe})` };
  } finally {
    await database.close();
  }
}

// run as a command (node dist/admin.js …), not when imported by a test
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runAdminCommand(process.argv.slice(2)).then(
    ({ code, message }) => {
      (code === 0 ? console.log : console.error)(message);
      process.exit(code);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
