import { type AnyColumn, type SQL, ilike, or } from 'drizzle-orm';

/** LIKE's wildcards in a person's text match themselves. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Any of the values contains the text, ignoring case. */
export const containsText = (text: string, values: readonly (SQL | AnyColumn)[]): SQL | undefined =>
  or(...values.map((value) => ilike(value, likePattern(text))));
