import { z } from 'zod';
import { TENDER_MODES } from './constants.js';
import { optionalPriceField, TENDER_WEIGHT_MAX_KG } from './tenders.js';
import { hasControlCharacters } from './typed-input.js';

/**
 * Saved searches: a carrier names a lane (and what loads suit them) once, and is told of every tender that
 * opens on it. Origin and destination are places matched through the city table; empty means any.
 */
export const MAX_SAVED_SEARCHES = 20;
export const SAVED_SEARCH_NAME_MAX = 80;
export const SAVED_SEARCH_PLACE_MAX = 100;

const place = z
  .string({ error: 'invalid' })
  .trim()
  .max(SAVED_SEARCH_PLACE_MAX, { error: 'too_long' })
  .refine((value) => !hasControlCharacters(value), { error: 'invalid' })
  .default('');

export const savedSearchInput = z
  .strictObject(
    {
      name: z
        .string({ error: 'required' })
        .trim()
        .min(1, { error: 'required' })
        .max(SAVED_SEARCH_NAME_MAX, { error: 'too_long' })
        .refine((value) => !hasControlCharacters(value), { error: 'invalid' }),
      origin: place,
      destination: place,
      /** The tender modes wanted; empty: any. */
      modes: z
        .array(z.enum(TENDER_MODES, { error: 'one_of' }), { error: 'one_of' })
        .max(TENDER_MODES.length, { error: 'too_large' })
        .transform((modes) => [...new Set(modes)])
        .default([]),
      /** The most the carrier can take, kg: tenders of a heavier cargo do not match. Null: any weight. */
      max_weight: z
        .number({ error: 'number' })
        .positive({ error: 'positive' })
        .max(TENDER_WEIGHT_MAX_KG, { error: 'too_large' })
        .nullable()
        .default(null),
      /** USD: tenders starting below it do not match. Null: any price. */
      min_price: optionalPriceField,
    },
    { error: 'unknown_field' },
  )
  .meta({
    examples: [
      {
        name: 'Tashkent → Almaty by truck',
        origin: 'Toshkent',
        destination: 'Almaty',
        modes: ['truck'],
        max_weight: 20000,
        min_price: 500,
      },
    ],
  });
export type SavedSearchInput = z.input<typeof savedSearchInput>;
export type SavedSearchValues = z.output<typeof savedSearchInput>;

export const savedSearch = z
  .object({
    id: z.number().int(),
    name: z.string(),
    origin: z.string(),
    destination: z.string(),
    modes: z.array(z.enum(TENDER_MODES)),
    max_weight: z.number().nullable(),
    min_price: z.number().nullable(),
    created_at: z.string(),
  })
  .meta({
    examples: [
      {
        id: 4,
        name: 'Tashkent → Almaty by truck',
        origin: 'Toshkent',
        destination: 'Almaty',
        modes: ['truck'],
        max_weight: 20000,
        min_price: 500,
        created_at: '2026-11-24T09:00:00.000Z',
      },
    ],
  });
export type SavedSearch = z.infer<typeof savedSearch>;

export const savedSearchList = z.array(savedSearch);
