import type { Session } from '@meridian/contracts';
import { describeUserAgent } from '../../lib/user-agent.js';
import type { SessionRow } from './sessions.repository.js';

/** A session as its owner (or their admin) sees it; `currentId` marks the caller's own. */
export const toSessionDto = (row: SessionRow, currentId?: string): Session => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  current: row.id === currentId,
  userAgent: row.userAgent,
  ip: row.ip,
  device: describeUserAgent(row.userAgent),
  method: row.method,
});
