import type { Db } from '../db/database.js';
import { seedDemoBids } from '../modules/tender-lifecycle/index.js';
import { seedDemoTenders } from '../modules/tenders/index.js';
import { findUserByEmail, registerUser, setVerifiedPhone } from '../modules/users/index.js';
import { seedDemoVehicles } from '../modules/vehicles/index.js';
import { seedDemoHistory } from './demo-history.js';

export const DEMO_PASSWORD = 'demo12345';

export const DEMO_ACCOUNTS = [
  {
    role: 'shipper',
    first_name: 'Dilshod',
    last_name: 'Karimov',
    email: 'shipper@yuktender.uz',
    phone_number: '+998901234567',
  },
  {
    role: 'carrier',
    first_name: 'Aziz',
    last_name: 'Rahimov',
    email: 'carrier@yuktender.uz',
    phone_number: '+998911112233',
  },
  {
    role: 'carrier',
    first_name: 'Olga',
    last_name: 'Petrova',
    email: 'carrier2@yuktender.uz',
    phone_number: '+998935556677',
  },
] as const;

/**
 * Carriers of the demo's past deals, besides the demo carriers: a lane's price guidance needs deals from three
 * carriers or more. They can sign in too (same password), but the start does not list them.
 */
const HISTORY_CARRIERS = [
  { first_name: 'Bekzod', last_name: 'Yusupov', email: 'carrier3@yuktender.uz', phone_number: '+998971234567' },
  { first_name: 'Rustam', last_name: 'Aliyev', email: 'carrier4@yuktender.uz', phone_number: '+998997654321' },
] as const;

/** Fills an empty database with demo data; does nothing when any user exists. Returns whether it seeded. */
export async function seedDemoData(db: Db): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  for (const account of DEMO_ACCOUNTS) {
    const { role: _role, ...values } = account;
    const user = await registerUser(db, { ...values, password: DEMO_PASSWORD });
    // the demo numbers count as proven, so the Mobile-ID tab signs them in (the code is in the server log)
    await setVerifiedPhone(db, user.id, user.phone_number, user.created_at);
  }
  const history = [];
  for (const values of HISTORY_CARRIERS) history.push(await registerUser(db, { ...values, password: DEMO_PASSWORD }));
  const shipper = await findUserByEmail(db, 'shipper@yuktender.uz');
  const carrier = await findUserByEmail(db, 'carrier@yuktender.uz');
  const carrier2 = await findUserByEmail(db, 'carrier2@yuktender.uz');
  // the past first, so that today's tenders keep the highest ids and head the lists
  if (shipper && carrier && carrier2) {
    await seedDemoHistory(db, {
      shipperId: shipper.id,
      carrierIds: [carrier.id, carrier2.id, ...history.map((u) => u.id)],
    });
  }
  if (shipper) await seedDemoTenders(db, shipper.id);
  if (carrier) await seedDemoVehicles(db, carrier.id, `${carrier.first_name} ${carrier.last_name}`);
  if (shipper && carrier && carrier2) await seedDemoBids(db, shipper.id, [carrier.id, carrier2.id]);
  return true;
}
