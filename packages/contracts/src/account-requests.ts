import { z } from 'zod';
import { Email, pageQuery } from './common.js';
import { LIMITS } from './constants.js';
import { OrganizationInput } from './organizations.js';
import * as API_MESSAGES from './messages/index.js';

const requiredText = z
  .string()
  .trim()
  .min(1, API_MESSAGES.accountRequest.required)
  .max(LIMITS.shortText);

export const AccountRequestInput = z.strictObject({
  email: Email,
  address1: requiredText,
  address2: z.string().trim().max(LIMITS.shortText).optional(),
  city: requiredText,
  state: requiredText,
  postalCode: z.string().trim().min(1, API_MESSAGES.accountRequest.required).max(20),
  country: requiredText,
});
export type AccountRequestInput = z.input<typeof AccountRequestInput>;

export const ACCOUNT_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'DISMISSED'] as const;

export const AccountRequest = z.object({
  id: z.uuid(),
  email: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  status: z.enum(ACCOUNT_REQUEST_STATUSES),
  createdAt: z.string(),
});
export type AccountRequest = z.infer<typeof AccountRequest>;

export const AccountRequestListQuery = pageQuery(50, 100);
export type AccountRequestListQuery = z.input<typeof AccountRequestListQuery>;

export const AccountRequestListResponse = z.object({
  message: z.string(),
  /** nextCursor: where the next page starts, null on the last page; total: pending requests. */
  data: z.object({
    accountRequests: z.array(AccountRequest),
    nextCursor: z.string().nullable(),
    total: z.number().int(),
  }),
});
export type AccountRequestListResponse = z.infer<typeof AccountRequestListResponse>;

/** Approving creates the requester's organization and invites them as its first admin. */
export const AccountRequestApproval = OrganizationInput.pick({ name: true, slug: true });
export type AccountRequestApproval = z.infer<typeof AccountRequestApproval>;

export const AccountRequestApprovalResponse = z.object({
  message: z.string(),
  data: z.object({ organizationId: z.uuid(), inviteUrl: z.string(), emailed: z.boolean() }),
});
export type AccountRequestApprovalResponse = z.infer<typeof AccountRequestApprovalResponse>;
