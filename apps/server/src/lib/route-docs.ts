import { ErrorBody } from '@meridian/contracts';
import { z } from 'zod';

/**
 * The error answers any /api route may give, documented once: bad input, no or a bad token,
 * no right, not found (or another organization's), a conflict, and the request budget.
 */
export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
} as const;

/** What a private route's OpenAPI entry says about itself: its tag and the bearer token. */
export const privateRoute = (tag: string) => ({ tags: [tag], security: [{ bearer: [] }] });

/** A file's answer as the OpenAPI document describes it: its media type, not JSON. */
export const fileResponse = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: z.string() } },
});
