import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CSV_MEDIA_TYPE,
  DEFAULT_LANGUAGE,
  isLanguage,
  MARKET_OFFSET_MS,
  marketToday,
  pickLanguage,
  type Language,
  type Localized,
} from '@yuk/shared';
import { AppError } from '../errors.js';

/**
 * Lists out as CSV and rows in from one: the byte-order mark, the header row in the reader's language, cells
 * safe to open in a spreadsheet, pages streamed as they are read; and the checks every uploaded CSV goes
 * through (encoding, binary content, quotes). See docs/decisions/024-csv-in-and-out.md.
 */

/** Excel reads a UTF-8 file as such (Cyrillic included) only when it starts with this mark. */
export const UTF8_BOM = '\uFEFF';

/** Rows read from the database per page while a list streams out. */
export const CSV_PAGE_ROWS = 1000;

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<T> {
  header: Localized;
  /** A number is written as a number (a dot for decimals, never prefixed); a string as neutralised text. */
  value: (row: T) => CsvValue;
}

/** Characters that make a spreadsheet read a text cell as a formula (OWASP's list: = + - @, tab, CR). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell that a spreadsheet would run as a formula gets a leading apostrophe, which Excel and
 * LibreOffice show as text. Only text: real numbers (prices, weights) are written as numbers and keep
 * their minus sign.
 */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The inverse of neutraliseCell, for an import: our own export's apostrophe before a formula character goes. */
export function restoreCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

function cellText(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return neutraliseCell(value);
}

/**
 * An ISO instant as Tashkent wall-clock time, `YYYY-MM-DD HH:mm` (UTC+5 all year, no daylight saving): the time
 * the user saw on screen, in a form a spreadsheet reads as a date; blank when there is none.
 */
export function tashkentTime(iso: string | null): string {
  if (iso === null) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Date(ms + MARKET_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** CSV lines of the given cells: RFC 4180 quoting, CRLF line ends (what Excel writes itself). */
export function csvLines(rows: readonly (readonly string[])[]): string {
  return stringify(rows as string[][], { record_delimiter: 'windows', quoted_match: /^\s|\s$/ });
}

/** The header line (with the byte-order mark) of these columns in this language. */
export function csvHeader<T>(columns: readonly CsvColumn<T>[], lang: Language): string {
  return UTF8_BOM + csvLines([columns.map((column) => neutraliseCell(column.header[lang]))]);
}

/**
 * The file as a stream: the header, then each page's rows as the page is read. Readable.from pulls the next
 * page only when the client has taken the last one (backpressure), so memory holds about one page whatever
 * the list's length; a client that goes away stops the reading.
 */
export function csvStream<T>(
  columns: readonly CsvColumn<T>[],
  lang: Language,
  pages: AsyncIterable<readonly T[]>,
): Readable {
  async function* text() {
    yield csvHeader(columns, lang);
    for await (const page of pages) {
      if (page.length > 0) yield csvLines(page.map((row) => columns.map((column) => cellText(column.value(row)))));
    }
  }
  return Readable.from(text(), { objectMode: false });
}

/**
 * Which language the header row speaks: the request's Accept-Language when it names one of ours (the web app
 * sends its own), else the user's setting.
 */
export function csvLanguage(request: FastifyRequest, setting: Language | undefined): Language {
  const header = request.headers['accept-language'];
  const picked = pickLanguage(header);
  // pickLanguage falls back to uz when nothing fits: only an Accept-Language that names uz itself counts
  if (picked !== DEFAULT_LANGUAGE || (header !== undefined && /(^|,)\s*uz(-|;|,|\s|$)/i.test(header))) return picked;
  return isLanguage(setting) ? setting : DEFAULT_LANGUAGE;
}

/** Sends a CSV file: `<stem>-<Tashkent date>.csv`, as an attachment, never cached or sniffed. */
export function sendCsv(reply: FastifyReply, stem: string, body: Readable | string, now = new Date()) {
  return reply
    .header('content-type', `${CSV_MEDIA_TYPE}; charset=utf-8`)
    .header('content-disposition', `attachment; filename="${stem}-${marketToday(now)}.csv"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(body);
}

/** The 200 answer of a list call in the document: its JSON, or with format=csv the file. */
export function listResponse(json: z.ZodType, description: string) {
  return {
    description,
    content: {
      'application/json': { schema: json },
      [CSV_MEDIA_TYPE]: {
        schema: z
          .string()
          .describe(
            'With format=csv: the byte-order mark, a header row, one row per item (the same filters, every page)',
          ),
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Reading an uploaded CSV

export interface CsvRecord {
  /** The line of the file where the row starts (the header is line 1). */
  line: number;
  cells: string[];
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Signatures of files that are not text at all: a spreadsheet or document (ZIP, old Office), a PDF, images. */
const BINARY_STARTS: readonly (readonly number[])[] = [
  [0x50, 0x4b, 0x03, 0x04],
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x25, 0x50, 0x44, 0x46],
  [0xff, 0xd8, 0xff],
  [0x89, 0x50, 0x4e, 0x47],
  [0x47, 0x49, 0x46, 0x38],
];

/** The separator of the header line: a comma, or the semicolon of a spreadsheet saved with a decimal comma. */
function delimiterOf(text: string): ',' | ';' {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  const outsideQuotes = firstLine.replace(/"[^"]*"/g, '');
  const count = (char: string) => outsideQuotes.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * The rows of an uploaded CSV file, header first, judged by content: a binary file (a workbook, a PDF, an
 * image) or one with NUL bytes is IMPORT_NOT_CSV, bytes that are not UTF-8 (Windows-1251, UTF-16) are
 * IMPORT_BAD_ENCODING, broken quotes IMPORT_MALFORMED with their line. A byte-order mark is allowed; empty
 * lines are skipped.
 */
export function readCsv(data: Buffer): CsvRecord[] {
  if (BINARY_STARTS.some((start) => start.every((byte, i) => data[i] === byte)) || data.includes(0)) {
    throw new AppError('IMPORT_NOT_CSV');
  }
  let text: string;
  try {
    text = strictUtf8.decode(data);
  } catch {
    throw new AppError('IMPORT_BAD_ENCODING');
  }
  if (text.startsWith(UTF8_BOM)) text = text.slice(1);
  const records: CsvRecord[] = [];
  // where a row starts: after the previous row's last line and the empty lines skipped since
  let lastLine = 0;
  let lastEmpty = 0;
  try {
    parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (record: string[], context) => {
        records.push({ line: lastLine + 1 + (context.empty_lines - lastEmpty), cells: record });
        lastLine = context.lines;
        lastEmpty = context.empty_lines;
        return null;
      },
    });
  } catch {
    // an unclosed quote swallows the rest of the file: the fault is in the row after the last one read
    throw new AppError('IMPORT_MALFORMED', { params: { line: lastLine + 1 } });
  }
  return records;
}
