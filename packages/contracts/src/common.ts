import { z } from 'zod';
import { ERROR_CODES, LIMITS } from './constants.js';

/** One problem of a refused request: where (`sites.12.address`) and what. */
export const ErrorIssue = z.object({ path: z.string(), message: z.string() });
export type ErrorIssue = z.infer<typeof ErrorIssue>;

export const ErrorBody = z
  .object({
    message: z.string(),
    /** What went wrong, for clients to branch on (ERROR_CODES); the message is for people. */
    code: z.enum(ERROR_CODES).optional(),
    /** Every problem found, when there are several (a bulk write's rows); the first is `message`. */
    issues: z.array(ErrorIssue).optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const IdParams = z.object({ id: z.uuid({ message: 'id must be a UUID' }) });
export type IdParams = z.infer<typeof IdParams>;

/** An ISO-8601 timestamp as it travels in JSON. */
export const IsoDateTime = z.iso.datetime({ offset: true });

export const Email = z
  .email({ message: 'email must be a valid e-mail address' })
  .max(LIMITS.email)
  .transform((value) => value.trim().toLowerCase());

/** An opaque keyset-paging position handed back by a list; send it to get the next page. */
export const Cursor = z.string().min(1).max(500);

/** The page size of a paged list, 1 to `maxLimit`. */
export const pageLimit = (maxLimit: number) =>
  z.coerce
    .number({ message: 'limit must be a number' })
    .int({ message: 'limit must be a whole number' })
    .min(1, { message: `limit must be between 1 and ${maxLimit}` })
    .max(maxLimit, { message: `limit must be between 1 and ${maxLimit}` });

/** `limit` and `cursor` of a paged list. */
export const pageQuery = (defaultLimit: number, maxLimit: number) =>
  z.strictObject({
    limit: pageLimit(maxLimit).default(defaultLimit),
    cursor: Cursor.optional(),
  });

/** A list's search text (`q`): matched as typed, ignoring case; blank means no search. */
export const SearchText = z
  .string()
  .trim()
  .max(LIMITS.searchText, { message: `q must be at most ${LIMITS.searchText} characters` });

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export const SortDirection = z.enum(SORT_DIRECTIONS, {
  message: 'direction must be asc or desc',
});
export type SortDirection = z.infer<typeof SortDirection>;

/** One value of a query parameter's list, with a message that names the parameter and its values. */
export const oneOf = <T extends string>(values: readonly [T, ...T[]], name: string) =>
  z.enum(values, { message: `${name} must be one of ${values.join(', ')}` });

/** The ISO 4217 codes this runtime knows (every current one), for refusing unknown codes. */
const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** An ISO 4217 currency code in capitals that is in use ("EUR"); refused otherwise. */
export const CurrencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code')
  .refine((code) => KNOWN_CURRENCIES.has(code), 'is not a known ISO 4217 currency');
