import { z } from 'zod';
import { LANGUAGES } from './language.js';
import { TENDER_STATUSES } from './constants.js';

/**
 * Lists as CSV files and tenders from one. Every list call takes `format=csv` and then answers the whole list
 * (every page, the same filters) as a UTF-8 file with a byte-order mark and a header row in the reader's
 * language; `POST /api/tenders/import` reads such a file back.
 */
export const LIST_FORMATS = ['json', 'csv'] as const;
export type ListFormat = (typeof LIST_FORMATS)[number];

/** The `format` parameter of a list call. Blank counts as absent (JSON). */
export const listFormatParam = z
  .union([z.literal(''), z.enum(LIST_FORMATS, { error: 'one_of' })], { error: 'one_of' })
  .optional()
  .transform((value) => (value === '' ? undefined : value))
  .describe(
    'csv: every matching row (no paging) as a text/csv attachment: UTF-8 with a byte-order mark, the header row in ' +
      'the Accept-Language language (else the user’s language setting), text cells starting with = + - @ prefixed with an apostrophe',
  );

/** The largest import file, in bytes, and its most rows (the header not counted). */
export const TENDER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const TENDER_IMPORT_MAX_ROWS = 5000;
/** The multipart field that carries the file. */
export const TENDER_IMPORT_FILE_FIELD = 'file';

/** POST /api/tenders/import?dry_run=true only checks the rows. */
export const tenderImportQuery = z.object({
  dry_run: z
    .enum(['true', 'false', '1', '0'], { error: 'one_of' })
    .optional()
    .transform((value) => value === 'true' || value === '1')
    .describe('true: answer what each row would give, create nothing'),
});

/** GET /api/tenders/import/template: the header row in this language (else Accept-Language). */
export const tenderImportTemplateQuery = z.object({
  lang: z.enum(LANGUAGES, { error: 'one_of' }).optional().describe('uz, en or ru'),
});

/** What is wrong with one cell of an import row. */
export const importCellError = z.object({
  field: z.string().describe('The create-tender field (cargo_weight …); "*" for the row as a whole'),
  column: z.string().describe('The column as the template names it, in the reader’s language'),
  code: z.string().describe('The stable code of the message (number, date, TENDER_REQUIRED_FIELDS …)'),
  message: z.string().describe('The text in the reader’s language'),
});
export type ImportCellError = z.infer<typeof importCellError>;

/** A row that would be created, as it would be stored. */
export const tenderImportPreview = z.object({
  name: z.string(),
  cargo_type: z.string(),
  cargo_weight: z.number(),
  cargo_volume: z.number(),
  origin_location: z.string(),
  destination_location: z.string(),
  shipment_date: z.string(),
  delivery_date: z.string(),
  tender_start_date: z.string(),
  tender_end_date: z.string(),
  initial_price: z.number(),
  status: z.enum(TENDER_STATUSES),
});
export type TenderImportPreview = z.infer<typeof tenderImportPreview>;

export const tenderImportRow = z.discriminatedUnion('ok', [
  z.object({ line: z.number().int(), ok: z.literal(true), tender: tenderImportPreview }),
  z.object({ line: z.number().int(), ok: z.literal(false), errors: z.array(importCellError) }),
]);
export type TenderImportRow = z.infer<typeof tenderImportRow>;

const importExample = {
  rows: [
    {
      line: 2,
      ok: true,
      tender: {
        name: 'Cement, 20 t',
        cargo_type: 'Truck - tented',
        cargo_weight: 20000,
        cargo_volume: 30,
        origin_location: 'Tashkent',
        destination_location: 'Samarkand',
        shipment_date: '2026-12-01',
        delivery_date: '2026-12-03',
        tender_start_date: '2026-11-25',
        tender_end_date: '2026-11-30',
        initial_price: 1500,
        status: 'opened',
      },
    },
    {
      line: 3,
      ok: false,
      errors: [{ field: 'cargo_weight', column: 'Weight (kg)', code: 'number', message: 'Must be a number' }],
    },
  ],
  valid: 1,
  invalid: 1,
};

/**
 * The dry run's word on the file as a whole when its tenders would pass the tender quota (the import would be
 * refused with 429 RATE_LIMITED): the text, how many tenders the quota allows now, and the seconds until more.
 */
export const tenderImportOverQuota = z.object({
  code: z.literal('IMPORT_OVER_QUOTA'),
  error: z.string().describe('What is wrong with the file, in the reader’s language'),
  allowed: z.number().int().describe('Tenders the quota allows now'),
  retry_after: z.number().int().describe('Seconds until the fullest window starts again'),
});
export type TenderImportOverQuota = z.infer<typeof tenderImportOverQuota>;

/** The dry run's answer: every row, by its line in the file (the header is line 1). */
export const tenderImportCheck = z
  .object({
    rows: z.array(tenderImportRow),
    valid: z.number().int(),
    invalid: z.number().int(),
    over_quota: tenderImportOverQuota
      .optional()
      .describe('Only when the file’s tenders would pass the tender quota: the import would answer 429'),
  })
  .meta({ examples: [importExample] });
export type TenderImportCheck = z.infer<typeof tenderImportCheck>;

/** The import's answer: the tenders created, in the file's order. */
export const tenderImportResult = z
  .object({
    created: z.number().int(),
    tenders: z.array(z.object({ id: z.number().int(), number: z.string(), name: z.string(), line: z.number().int() })),
  })
  .meta({
    examples: [{ created: 1, tenders: [{ id: 124, number: 'YT-000124', name: 'Cement, 20 t', line: 2 }] }],
  });
export type TenderImportResult = z.infer<typeof tenderImportResult>;
