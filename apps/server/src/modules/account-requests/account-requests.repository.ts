import { desc, eq } from 'drizzle-orm';
import type { AccountRequest, AccountRequestInput } from '@meridian/contracts';
import type { Executor } from '../../db/client.js';
import { accountRequests } from '../../db/schema.js';

type AccountRequestRow = typeof accountRequests.$inferSelect;

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

export const accountRequestsRepository = {
  async insert(
    db: Executor,
    input: Required<Pick<AccountRequestInput, 'email'>> & Omit<AccountRequestInput, 'email'>,
  ): Promise<void> {
    await db.insert(accountRequests).values({ ...input, address2: input.address2 || null });
  },

  listPending(db: Executor): Promise<AccountRequestRow[]> {
    return db
      .select()
      .from(accountRequests)
      .where(eq(accountRequests.status, 'PENDING'))
      .orderBy(desc(accountRequests.createdAt));
  },

  /** Locks a still-pending request so two admins cannot both act on it. */
  async lockPending(db: Executor, id: string): Promise<AccountRequestRow | undefined> {
    const [row] = await db
      .select()
      .from(accountRequests)
      .where(eq(accountRequests.id, id))
      .for('update');
    return row?.status === 'PENDING' ? row : undefined;
  },

  async setStatus(db: Executor, id: string, status: AccountRequestRow['status']): Promise<void> {
    await db.update(accountRequests).set({ status }).where(eq(accountRequests.id, id));
  },
};
