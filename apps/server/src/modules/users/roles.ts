import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { findUserRole } from './users.repository.js';

/** The moderator's calls are refused (403 MODERATOR_ONLY) to anyone else, whatever the web app shows. */
export async function assertModerator(db: Db, userId: number): Promise<void> {
  if ((await findUserRole(db, userId)) !== 'moderator') throw new AppError('MODERATOR_ONLY');
}
