import type { Db } from '../db/database.js';
import { registerUser } from '../modules/users/users.service.js';

export const DEMO_PASSWORD = 'demo12345';

export const DEMO_ACCOUNTS = [
  { role: 'shipper', first_name: 'Dilshod', last_name: 'Karimov', email: 'shipper@yuktender.uz', phone_number: '+998901234567' },
  { role: 'carrier', first_name: 'Aziz', last_name: 'Rahimov', email: 'carrier@yuktender.uz', phone_number: '+998911112233' },
  { role: 'carrier', first_name: 'Olga', last_name: 'Petrova', email: 'carrier2@yuktender.uz', phone_number: '+998935556677' },
] as const;

/** Fills an empty database with demo data; does nothing when any user exists. Returns whether it seeded. */
export async function seedDemoData(db: Db): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  for (const account of DEMO_ACCOUNTS) {
    const { role: _role, ...values } = account;
    await registerUser(db, { ...values, password: DEMO_PASSWORD });
  }
  return true;
}
