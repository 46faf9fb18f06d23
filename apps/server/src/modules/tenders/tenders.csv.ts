import {
  createTenderInput,
  errorText,
  fieldMessage,
  FIELD_MESSAGES,
  isErrorCode,
  marketToday,
  TENDER_DATE_FIELD_NAMES,
  TENDER_REQUIRED_FIELD_NAMES,
  type CreateTenderValues,
  type ImportCellError,
  type Language,
  type Localized,
  type Tender,
} from '@yuk/shared';
import { csvHeader, csvLines, restoreCell, type CsvColumn, type CsvRecord } from '../../plugins/csv.js';

/**
 * The tender lists' CSV columns (the tender list and My Orders alike) and the import's: a My Orders file
 * edited in a spreadsheet goes back in as it is. The create form's fields come first, in its order, with the
 * auction rules; the columns only a stored tender has (number, lowest bid, bids, close, creation) are
 * written out and ignored on the way in.
 */

const HEADERS = {
  number: { uz: 'Tender raqami', en: 'Tender number', ru: 'Номер тендера' },
  name: { uz: 'Nomi', en: 'Name', ru: 'Название' },
  cargo_type: { uz: 'Yuk turi', en: 'Cargo type', ru: 'Тип груза' },
  cargo_weight: { uz: "Og'irligi (kg)", en: 'Weight (kg)', ru: 'Вес (кг)' },
  cargo_volume: { uz: 'Hajmi (m³)', en: 'Volume (m³)', ru: 'Объём (м³)' },
  origin_location: { uz: "Jo'natish joyi", en: 'Origin', ru: 'Откуда' },
  destination_location: { uz: 'Yetkazish manzili', en: 'Destination', ru: 'Куда' },
  shipment_date: { uz: "Jo'natish sanasi", en: 'Shipment date', ru: 'Дата отправки' },
  delivery_date: { uz: 'Yetkazish sanasi', en: 'Delivery date', ru: 'Дата доставки' },
  tender_start_date: { uz: 'Tender boshlanishi', en: 'Tender start date', ru: 'Начало тендера' },
  tender_end_date: { uz: 'Tender tugashi', en: 'Tender end date', ru: 'Окончание тендера' },
  initial_price: { uz: "Boshlang'ich narx (USD)", en: 'Initial price (USD)', ru: 'Начальная цена (USD)' },
  status: { uz: 'Holati', en: 'Status', ru: 'Статус' },
  requirements: { uz: 'Talablar', en: 'Requirements', ru: 'Требования' },
  notes: { uz: 'Izohlar', en: 'Notes', ru: 'Примечания' },
  incoterms: { uz: 'Incoterms', en: 'Incoterms', ru: 'Инкотермс' },
  min_step: { uz: 'Minimal qadam (USD)', en: 'Minimum step (USD)', ru: 'Минимальный шаг (USD)' },
  soft_close_minutes: { uz: 'Uzaytirish (daqiqa)', en: 'Soft close (minutes)', ru: 'Продление торгов (мин)' },
  buy_now_price: { uz: 'Darhol olish narxi (USD)', en: 'Buy-now price (USD)', ru: 'Цена «купить сразу» (USD)' },
  reserve_price: { uz: 'Zaxira narx (USD)', en: 'Reserve price (USD)', ru: 'Резервная цена (USD)' },
  auto_award: { uz: "Avtomatik g'olib", en: 'Auto award', ru: 'Автовыбор победителя' },
  verified_only: { uz: 'Faqat tasdiqlanganlar', en: 'Verified only', ru: 'Только проверенные' },
  confirm_within_minutes: {
    uz: 'Tasdiqlash muddati (daqiqa)',
    en: 'Confirm within (minutes)',
    ru: 'Срок подтверждения (мин)',
  },
  current_min_bid: { uz: 'Eng past taklif (USD)', en: 'Lowest bid (USD)', ru: 'Лучшая ставка (USD)' },
  bid_count: { uz: 'Takliflar soni', en: 'Bids', ru: 'Ставок' },
  closes_at: { uz: 'Savdo tugashi (UTC)', en: 'Bidding closes (UTC)', ru: 'Торги до (UTC)' },
  created_at: { uz: 'Yaratilgan (UTC)', en: 'Created (UTC)', ru: 'Создан (UTC)' },
} as const satisfies Record<string, Localized>;

/** The columns of a tender list's CSV, in order. Dates YYYY-MM-DD, instants ISO-8601 UTC, money in USD. */
export const TENDER_CSV_COLUMNS: readonly CsvColumn<Tender>[] = [
  { header: HEADERS.number, value: (tender) => tender.number },
  { header: HEADERS.name, value: (tender) => tender.name },
  { header: HEADERS.cargo_type, value: (tender) => tender.cargo_type },
  { header: HEADERS.cargo_weight, value: (tender) => tender.cargo_weight },
  { header: HEADERS.cargo_volume, value: (tender) => tender.cargo_volume },
  { header: HEADERS.origin_location, value: (tender) => tender.origin_location },
  { header: HEADERS.destination_location, value: (tender) => tender.destination_location },
  { header: HEADERS.shipment_date, value: (tender) => tender.shipment_date },
  { header: HEADERS.delivery_date, value: (tender) => tender.delivery_date },
  { header: HEADERS.tender_start_date, value: (tender) => tender.tender_start_date },
  { header: HEADERS.tender_end_date, value: (tender) => tender.tender_end_date },
  { header: HEADERS.initial_price, value: (tender) => tender.initial_price },
  { header: HEADERS.status, value: (tender) => tender.status },
  { header: HEADERS.current_min_bid, value: (tender) => tender.current_min_bid },
  { header: HEADERS.bid_count, value: (tender) => tender.bid_count },
  { header: HEADERS.closes_at, value: (tender) => tender.closes_at },
  { header: HEADERS.requirements, value: (tender) => tender.requirements },
  { header: HEADERS.notes, value: (tender) => tender.notes },
  { header: HEADERS.incoterms, value: (tender) => tender.incoterms },
  { header: HEADERS.min_step, value: (tender) => tender.min_step },
  { header: HEADERS.soft_close_minutes, value: (tender) => tender.soft_close_minutes },
  { header: HEADERS.buy_now_price, value: (tender) => tender.buy_now_price },
  { header: HEADERS.auto_award, value: (tender) => tender.auto_award },
  { header: HEADERS.verified_only, value: (tender) => tender.verified_only },
  { header: HEADERS.confirm_within_minutes, value: (tender) => tender.confirm_within_minutes },
  { header: HEADERS.created_at, value: (tender) => tender.created_at },
];

// ---------------------------------------------------------------------------------------------------
// In: the template and the rows of a file

/** The fields a file may set: those of POST /api/tenders, but the close instant (it follows the end date). */
export const IMPORT_FIELDS = [
  ...TENDER_REQUIRED_FIELD_NAMES.slice(0, 6),
  ...TENDER_DATE_FIELD_NAMES,
  'initial_price',
  'status',
  'requirements',
  'notes',
  'incoterms',
  'min_step',
  'soft_close_minutes',
  'buy_now_price',
  'reserve_price',
  'auto_award',
  'verified_only',
  'confirm_within_minutes',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** A file without one of these columns is refused whole. */
export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = [
  ...TENDER_REQUIRED_FIELD_NAMES,
  ...TENDER_DATE_FIELD_NAMES,
];

const BOOLEAN_FIELDS = new Set<string>(['auto_award', 'verified_only']);
const DATE_FIELDS = new Set<string>(TENDER_DATE_FIELD_NAMES);

/** The template's example row, by field. */
const EXAMPLE: Record<ImportField, string> = {
  name: 'Sement, 20 t',
  cargo_type: 'Truck - tented',
  cargo_weight: '20000',
  cargo_volume: '30',
  origin_location: 'Toshkent',
  destination_location: 'Samarqand',
  // the dates are filled in from today (see importTemplate)
  shipment_date: '',
  delivery_date: '',
  tender_start_date: '',
  tender_end_date: '',
  initial_price: '1500',
  status: 'opened',
  requirements: 'Tent',
  notes: '',
  incoterms: 'FCA Tashkent',
  min_step: '10',
  soft_close_minutes: '5',
  buy_now_price: '',
  reserve_price: '',
  auto_award: 'false',
  verified_only: 'false',
  confirm_within_minutes: '120',
};

/** The Tashkent day `days` after `today` (YYYY-MM-DD). */
function addDays(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The import template: its header row in `lang` and one example row, its dates from today on. */
export function importTemplate(lang: Language, now = new Date()): string {
  const today = marketToday(now);
  const example: Record<ImportField, string> = {
    ...EXAMPLE,
    tender_start_date: today,
    tender_end_date: addDays(today, 5),
    shipment_date: addDays(today, 7),
    delivery_date: addDays(today, 9),
  };
  const columns = IMPORT_FIELDS.map((field) => ({ header: HEADERS[field], value: () => '' }));
  return csvHeader(columns, lang) + csvLines([IMPORT_FIELDS.map((field) => example[field])]);
}

/** How a header cell is compared: letter case, spaces and the typographic apostrophes aside. */
function headerKey(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[ʻʼ‘’`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Every header text a column may carry: the field's name and its header in each language. */
const FIELD_BY_HEADER = new Map<string, ImportField>(
  IMPORT_FIELDS.flatMap((field) => [field, ...Object.values(HEADERS[field])].map((text) => [headerKey(text), field])),
);

export function columnName(field: string, lang: Language): string {
  return field in HEADERS ? HEADERS[field as keyof typeof HEADERS][lang] : field;
}

export type HeaderMapping =
  | { ok: true; fields: (ImportField | undefined)[] }
  | { ok: false; code: 'IMPORT_DUPLICATE_COLUMN'; column: string }
  | { ok: false; code: 'IMPORT_MISSING_COLUMNS'; missing: ImportField[] };

/** Which field each column of the header row fills (undefined: a column the import ignores). */
export function mapHeader(header: readonly string[]): HeaderMapping {
  const fields = header.map((text) => FIELD_BY_HEADER.get(headerKey(text)));
  const seen = new Set<ImportField>();
  for (const [index, field] of fields.entries()) {
    if (!field) continue;
    if (seen.has(field)) return { ok: false, code: 'IMPORT_DUPLICATE_COLUMN', column: header[index] ?? field };
    seen.add(field);
  }
  const missing = REQUIRED_IMPORT_FIELDS.filter((field) => !seen.has(field));
  return missing.length > 0 ? { ok: false, code: 'IMPORT_MISSING_COLUMNS', missing } : { ok: true, fields };
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'ha', 'да']);
const FALSE_WORDS = new Set(['false', '0', 'no', "yo'q", 'нет']);

/** A yes/no cell in any of the three languages; undefined when it is neither. */
function readBoolean(text: string): boolean | undefined {
  const word = headerKey(text);
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return undefined;
}

/** A spreadsheet's dd.MM.yyyy (also d.M.yyyy) as YYYY-MM-DD; other texts as they are, for the schema to judge. */
function readDate(text: string): string {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (!match) return text;
  const [, day = '', month = '', year = ''] = match;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

export type CheckedRow =
  { line: number; ok: true; values: CreateTenderValues } | { line: number; ok: false; errors: ImportCellError[] };

/** One message of the field catalogue or the error catalogue, by its key. */
function cellError(field: string, key: string, lang: Language): ImportCellError {
  const code = key in FIELD_MESSAGES || isErrorCode(key) ? key : 'invalid';
  const message = isErrorCode(code) ? errorText(code, lang) : fieldMessage(code, lang);
  return { field, column: field === '*' ? '' : columnName(field, lang), code, message };
}

/** Whether a row is blank (a spreadsheet's row of empty cells). */
export function isBlankRecord(record: CsvRecord): boolean {
  return record.cells.every((cell) => cell.trim() === '');
}

/**
 * One row judged as POST /api/tenders judges its body (the same schema): blank cells count as absent,
 * dates may be dd.MM.yyyy, yes/no cells in any language, our export's apostrophes before = + - @ removed.
 */
export function checkRow(record: CsvRecord, fields: readonly (ImportField | undefined)[], lang: Language): CheckedRow {
  const errors: ImportCellError[] = [];
  const body: Record<string, unknown> = {};
  if (record.cells.slice(fields.length).some((cell) => cell.trim() !== ''))
    errors.push(cellError('*', 'row_width', lang));
  for (const [index, field] of fields.entries()) {
    const cell = restoreCell(record.cells[index] ?? '').trim();
    if (!field || cell === '') continue;
    if (BOOLEAN_FIELDS.has(field)) {
      const value = readBoolean(cell);
      if (value === undefined) errors.push(cellError(field, 'boolean', lang));
      else body[field] = value;
    } else {
      body[field] = DATE_FIELDS.has(field) ? readDate(cell) : cell;
    }
  }
  const parsed = createTenderInput.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = typeof issue.path[0] === 'string' ? issue.path[0] : '*';
      if (!errors.some((error) => error.field === field)) errors.push(cellError(field, issue.message, lang));
    }
  }
  if (errors.length > 0 || !parsed.success) return { line: record.line, ok: false, errors };
  return { line: record.line, ok: true, values: parsed.data };
}
