import { z } from 'zod';

/** The largest id a record may have (a PostgreSQL integer). */
export const MAX_RECORD_ID = 2_147_483_647;

/** `:id` of a record in a path: digits only, a whole number from 1 to MAX_RECORD_ID. */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, { error: 'integer' })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: 'integer' }).max(MAX_RECORD_ID, { error: 'integer' })),
});
