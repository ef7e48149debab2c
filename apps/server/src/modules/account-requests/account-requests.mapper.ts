import type { AccountRequest } from '@meridian/contracts';
import type { AccountRequestRow } from './account-requests.repository.js';

export const toAccountRequestDto = (row: AccountRequestRow): AccountRequest => ({
  id: row.id,
  email: row.email,
  address1: row.address1,
  address2: row.address2,
  city: row.city,
  state: row.state,
  postalCode: row.postalCode,
  country: row.country,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});
