/**
 * A page read with one row more than it shows (the repository asks for `limit + 1`): the rows to show, and
 * whether another page follows, without a count.
 */
export function pageOf<T>(rows: readonly T[], limit: number): { page: T[]; hasMore: boolean } {
  return { page: rows.slice(0, limit), hasMore: rows.length > limit };
}
