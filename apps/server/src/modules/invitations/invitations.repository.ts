import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { invitations } from '../../db/schema.js';

export type InvitationRow = typeof invitations.$inferSelect;

export const invitationsRepository = {
  async insert(db: Executor, values: typeof invitations.$inferInsert): Promise<InvitationRow> {
    const [row] = await db.insert(invitations).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async findByTokenHash(
    db: Executor,
    tokenHash: string,
    lock = false,
  ): Promise<InvitationRow | undefined> {
    const query = db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async markAccepted(db: Executor, id: string): Promise<void> {
    await db.update(invitations).set({ acceptedAt: new Date() }).where(eq(invitations.id, id));
  },

  /** The user's newest invitation that is neither accepted nor expired. */
  async findOpenForUser(db: Executor, userId: string): Promise<InvitationRow | undefined> {
    const [row] = await db
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.userId, userId),
          isNull(invitations.acceptedAt),
          gt(invitations.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(invitations.expiresAt))
      .limit(1);
    return row;
  },

  /** Older open links of a user stop working when a new one is sent. */
  async expireOpenForUser(db: Executor, userId: string): Promise<void> {
    await db
      .update(invitations)
      .set({ expiresAt: new Date() })
      .where(and(eq(invitations.userId, userId), isNull(invitations.acceptedAt)));
  },
};
