import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { recordAudit } from './modules/audit/index.js';
import { findUserByEmail, grantModerator } from './modules/users/index.js';

/**
 * Command-line tasks on the configured database (the same DATABASE_URL / DATA_DIR as the server):
 *   npm run admin -- grant-moderator EMAIL   makes an existing user a moderator (the first one comes from here)
 */
export async function runAdminCommand(args: string[]): Promise<{ code: number; message: string }> {
  const [command, email] = args;
  if (command !== 'grant-moderator' || !email) {
    return { code: 2, message: 'usage: npm run admin -- grant-moderator EMAIL' };
  }
  const config = loadConfig();
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
