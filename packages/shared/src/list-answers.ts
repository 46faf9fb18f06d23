// What a list's answer says besides its rows (its headers, the CSV file's type), apart from the list schemas
// (./tenders, ./csv): the list pages read them at once, and build no schema for that.

/** Headers of a tender list answer. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
/**
 * The public tender list counts the matches of a text search, an exact start date or an exact price up to this
 * many: those matches grow with the market, and a total read match by match would make the call grow with it
 * (decision 038). Past it the answer says X-Total-Count: TENDER_TOTAL_CAP and TOTAL_CAPPED_HEADER: true
 * ("more than 1,000"); the pages still go on by cursor to the last match.
 */
export const TENDER_TOTAL_CAP = 1000;
export const TOTAL_CAPPED_HEADER = 'X-Total-Count-Capped';

/** The media type of a list answered as a CSV file (`format=csv`). */
export const CSV_MEDIA_TYPE = 'text/csv';
