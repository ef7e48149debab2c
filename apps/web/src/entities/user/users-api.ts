import { USER_LIST_PAGE_SIZE } from '@/config/constants';
import type { UserListQuery } from '@meridian/contracts';
import { authenticatedRequest } from '@/lib/api-client';
import { UserListReader } from '@/lib/readers';
import * as WEB_MESSAGES from '@/config/messages';

/** GET /admin/users: the one fetcher of the team list and of the member pickers. */

/** What the list asks for besides the page: search, filters and sort; absent means all. */
export type UserListView = Partial<
  Pick<UserListQuery, 'q' | 'adminRole' | 'role' | 'status' | 'sort' | 'direction'>
>;

export const getUsers = async (
  view: UserListView,
  cursor: string | null,
  signal?: AbortSignal,
  limit: number = USER_LIST_PAGE_SIZE,
) => {
  const query = new URLSearchParams({ limit: String(limit) });
  for (const [name, value] of Object.entries(view)) if (value) query.set(name, value);
  if (cursor) query.set('cursor', cursor);
  const reply = await authenticatedRequest(`/admin/users?${query.toString()}`, {
    schema: UserListReader,
    fallbackMessage: WEB_MESSAGES.adminFallback.loadUsers,
    signal,
  });
  return reply.data;
};
