import type { FastifyInstance } from 'fastify';
import { apiPaths, type Company } from '@yuk/shared';
import type { Database } from '../../src/db/database.js';
import { grantModerator } from '../../src/modules/users/index.js';
import { api } from '../helpers.js';
import { multipart, type FormValue } from './multipart.js';
import { pdfFile, pngFile } from './vehicles.js';

let stirSequence = 300_000_000;

/** A filled company form: a unique STIR each time, both documents. */
export function companyForm(
  overrides: Record<string, FormValue | undefined> = {},
): Record<string, FormValue | undefined> {
  stirSequence += 1;
  return {
    name: 'Silk Road Logistics MChJ',
    stir: String(stirSequence),
    kind: 'carrier',
    legal_address: 'Toshkent, Chilonzor tumani, Bunyodkor 12',
    director: 'Aziz Rahimov',
    phone: '+998901234567',
    licence: pdfFile('licence.pdf', 'Licence'),
    registration_certificate: pngFile('certificate.png'),
    ...overrides,
  };
}

/** PUT /api/companies/me with a multipart form, as `token`. */
export async function putCompany(app: FastifyInstance, token: string, form = companyForm(), lang?: string) {
  const { payload, headers } = await multipart(form);
  return api(app, {
    method: 'PUT',
    url: apiPaths.companies.mine,
    payload,
    token,
    headers: { ...headers, ...(lang ? { 'accept-language': lang } : {}) },
  });
}

/** A user's company filled in and sent for review; returns it (pending). */
export async function pendingCompany(app: FastifyInstance, token: string, form = companyForm()): Promise<Company> {
  const saved = await putCompany(app, token, form);
  if (saved.statusCode !== 200) throw new Error(`company not saved: ${saved.statusCode} ${saved.body}`);
  const sent = await api(app, { method: 'POST', url: apiPaths.companies.verification, token });
  if (sent.statusCode !== 200) throw new Error(`verification not requested: ${sent.statusCode} ${sent.body}`);
  return sent.json<Company>();
}

/** Makes the user with this e-mail a moderator, as `npm run admin -- grant-moderator` does. */
export async function makeModerator(database: Database, email: string): Promise<void> {
  if (!(await grantModerator(database.db, email))) throw new Error(`no user ${email}`);
}
