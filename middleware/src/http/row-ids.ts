// Path parameters that name a database row by its integer id: the database's range is the
// middleware's business, so no web page carries this.
import { z } from 'zod/mini';

/**
 * The range of PostgreSQL's `integer`, the type of the generated row ids (e.g. beneficiaries):
 * 1 … 2^31 − 1. A larger number never names a row, and the database refuses to compare it
 * (an error, not "no row"), so it is refused before any query.
 */
export const MAX_INTEGER_ROW_ID = 2_147_483_647;

/** A row id as a path parameter: digits only, no leading zero, within the column's range. */
export const integerRowIdSchema = (message: string) =>
  z
    .pipe(
      z.string(message).check(z.regex(/^[1-9]\d{0,9}$/, message)),
      z.transform((value: string) => Number(value)),
    )
    .check(z.refine((id: number) => id <= MAX_INTEGER_ROW_ID, message));
