import { z } from 'zod';
import { LIMITS } from './constants.js';

export const ErrorBody = z.object({ message: z.string() }).meta({ id: 'ErrorBody' });
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
