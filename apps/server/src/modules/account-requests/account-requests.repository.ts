import { count, eq } from 'drizzle-orm';
import type { AccountRequestInput } from '@meridian/contracts';
import type { Executor } from '../../db/client.js';
import { accountRequests } from '../../db/schema.js';
import type { CursorKey } from '../../lib/cursor.js';
import { Keyset } from '../../db/keyset-page.js';

export type AccountRequestRow = typeof accountRequests.$inferSelect;

const NEWEST_FIRST = new Keyset(
  [
    { value: accountRequests.createdAt, kind: 'timestamp' },
    { value: accountRequests.id, kind: 'uuid' },
  ],
  'desc',
);

export const accountRequestsRepository = {
  async insert(
    db: Executor,
    input: Required<Pick<AccountRequestInput, 'email'>> & Omit<AccountRequestInput, 'email'>,
  ): Promise<void> {
    // One pending request per e-mail (a partial unique index): asking again changes nothing.
    await db
      .insert(accountRequests)
      .values({ ...input, address2: input.address2 || null })
      .onConflictDoNothing();
  },

  /** Pending requests, newest first, after the position when given, each with its position. */
  listPending(
    db: Executor,
    after: CursorKey | null,
    limit: number,
  ): Promise<{ item: AccountRequestRow; key: CursorKey }[]> {
    const pending = eq(accountRequests.status, 'PENDING');
    return NEWEST_FIRST.rows(db, accountRequests, [pending], after, limit);
  },

  async countPending(db: Executor): Promise<number> {
    const [row] = await db
      .select({ total: count() })
      .from(accountRequests)
      .where(eq(accountRequests.status, 'PENDING'));
    return row?.total ?? 0;
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
