import type { Memo, MemoListResponse, MemoResponse } from '@meridian/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, incidents } from '../../db/schema.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';

/**
 * Memos over real HTTP: anyone in the organization writes one; its author, managers and
 * admins change it; edits keep history and refuse stale copies; other organizations see none.
 */
let server: TestServer;
let incidentId = '';
let globalIncidentId = '';
const token = { manager: '', viewer: '', colleague: '', borealis: '' };
const ids = { manager: '', viewer: '', colleague: '' };

beforeAll(async () => {
  server = await startTestServer();
  const acme = (await server.createOrganization('Acme Memos')).id;
  const borealis = (await server.createOrganization('Borealis Memos')).id;
  for (const [who, role] of [
    ['manager', 'MANAGER'],
    ['viewer', 'VIEWER'],
    ['colleague', 'VIEWER'],
  ] as const) {
    const user = await server.createUser({
      organizationId: acme,
      email: `${who}@acme-memos.example`,
      adminRole: role,
    });
    ids[who] = user.id;
    token[who] = (await server.login(user.email)).accessToken;
  }
  await server.createUser({
    organizationId: borealis,
    email: 'admin@borealis-memos.example',
    adminRole: 'ADMIN',
  });
  token.borealis = (await server.login('admin@borealis-memos.example')).accessToken;
  const [incident] = await server.database.db
    .insert(incidents)
    .values({ organizationId: acme, title: 'Fire at the Lyon plant', severity: 'HIGH' })
    .returning();
  incidentId = incident?.id ?? '';
  const [global] = await server.database.db
    .insert(incidents)
    .values({ organizationId: null, title: 'Earthquake off Taiwan', severity: 'CRITICAL' })
    .returning();
  globalIncidentId = global?.id ?? '';
}, 60_000);
afterAll(() => server.close());

const write = (body: unknown, who: keyof typeof token = 'viewer', on = incidentId) =>
  server.request<MemoResponse>('POST', `/api/incidents/${on}/memos`, { token: token[who], body });
const edit = (memo: Memo, body: string, who: keyof typeof token, updatedAt = memo.updatedAt) =>
  server.request<MemoResponse>('PATCH', `/api/memos/${memo.id}`, {
    token: token[who],
    body: { body, updatedAt },
  });
const list = async (who: keyof typeof token = 'viewer', on = incidentId) =>
  server.request<MemoListResponse>('GET', `/api/incidents/${on}/memos`, { token: token[who] });

describe('memos', () => {
  let memo: Memo;

  it('are written by anyone in the organization, viewers too', async () => {
    const created = await write({ body: '  **Lyon** line 2 stopped; restart expected Friday.  ' });
    expect(created.status).toBe(201);
    memo = created.body.data.memo;
    expect(memo).toMatchObject({
      incidentId,
      body: '**Lyon** line 2 stopped; restart expected Friday.',
      author: { id: ids.viewer, email: 'viewer@acme-memos.example' },
      editor: { id: ids.viewer },
      revisions: [],
    });
    expect(memo.createdAt).toBe(memo.updatedAt);
    const empty = await write({ body: '   ' });
    expect(empty.status).toBe(400);
    expect((empty.body as { message: string }).message).toContain('Write something first');
  });

  it('are listed newest first', async () => {
    const second = await write({ body: 'Second note' }, 'manager');
    expect(second.status).toBe(201);
    const listed = await list();
    expect(listed.status).toBe(200);
    expect(listed.body.data.memos.map((m) => m.body)).toEqual([
      'Second note',
      '**Lyon** line 2 stopped; restart expected Friday.',
    ]);
  });

  it('keep the text an edit replaces, newest first', async () => {
    const first = await edit(memo, 'Restart moved to Monday.', 'viewer');
    expect(first.status).toBe(200);
    const edited = first.body.data.memo;
    expect(edited.body).toBe('Restart moved to Monday.');
    expect(edited.revisions).toHaveLength(1);
    expect(edited.revisions[0]).toMatchObject({
      body: '**Lyon** line 2 stopped; restart expected Friday.',
      editor: { id: ids.viewer },
    });
    expect(Date.parse(edited.revisions[0]?.replacedAt ?? '')).toBeGreaterThan(0);
    expect(Date.parse(edited.updatedAt)).toBeGreaterThan(Date.parse(memo.updatedAt));

    // A manager may change anyone's memo.
    const second = await edit(edited, 'Restart confirmed for Monday 06:00.', 'manager');
    expect(second.status).toBe(200);
    memo = second.body.data.memo;
    expect(memo.author?.id).toBe(ids.viewer);
    expect(memo.editor?.id).toBe(ids.manager);
    expect(memo.revisions.map((revision) => [revision.body, revision.editor?.id])).toEqual([
      ['Restart moved to Monday.', ids.viewer],
      ['**Lyon** line 2 stopped; restart expected Friday.', ids.viewer],
    ]);
    const listed = (await list()).body.data.memos.find((m) => m.id === memo.id);
    expect(listed?.revisions).toHaveLength(2);
  });

  it('refuse an edit made on a stale copy with 409', async () => {
    const seen = memo;
    const saved = await edit(seen, 'Restart confirmed: Monday 06:00, line 2 first.', 'manager');
    expect(saved.status).toBe(200);
    const stale = await edit(seen, 'Overwrite', 'viewer');
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      code: 'STALE',
      message: 'This was changed by someone else. Reload to see the change.',
    });
    memo = saved.body.data.memo;
    expect(memo.revisions).toHaveLength(3);
  });

  it("refuse another member's change or removal with 403", async () => {
    const changed = await edit(memo, 'Not mine', 'colleague');
    expect(changed.status).toBe(403);
    expect(changed.body).toEqual({
      code: 'FORBIDDEN',
      message: 'Only the memo’s author, a manager or an admin can change it',
    });
    const removed = await server.request('DELETE', `/api/memos/${memo.id}`, {
      token: token.colleague,
    });
    expect(removed.status).toBe(403);
  });

  it('are removed with their history by their author', async () => {
    const own = (await write({ body: 'Temporary' }, 'colleague')).body.data.memo;
    const removed = await server.request('DELETE', `/api/memos/${own.id}`, {
      token: token.colleague,
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Memo removed' });
    expect((await list()).body.data.memos.map((m) => m.id)).not.toContain(own.id);
    const again = await server.request('DELETE', `/api/memos/${own.id}`, { token: token.manager });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ code: 'NOT_FOUND', message: 'Memo not found' });
  });

  it('are invisible to other organizations: their incident and memos are 404', async () => {
    const listed = await list('borealis');
    expect(listed.status).toBe(404);
    expect(listed.body).toEqual({ code: 'NOT_FOUND', message: 'Incident not found' });
    expect((await write({ body: 'Intrusion' }, 'borealis')).status).toBe(404);
    expect((await edit(memo, 'Intrusion', 'borealis')).status).toBe(404);
    expect(
      (await server.request('DELETE', `/api/memos/${memo.id}`, { token: token.borealis })).status,
    ).toBe(404);
    // On a global incident each organization reads only its own memos.
    expect(
      (await write({ body: 'Our suppliers in Hsinchu' }, 'viewer', globalIncidentId)).status,
    ).toBe(201);
    expect((await list('viewer', globalIncidentId)).body.data.memos).toHaveLength(1);
    expect((await list('borealis', globalIncidentId)).body.data.memos).toEqual([]);
    // The memo is unchanged.
    const mine = (await list()).body.data.memos.find((m) => m.id === memo.id);
    expect(mine?.body).toBe('Restart confirmed: Monday 06:00, line 2 first.');
  });

  it('are in the audit log', async () => {
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, memo.id));
    expect(rows.map((row) => row.action).sort()).toEqual([
      'memo.create',
      'memo.update',
      'memo.update',
      'memo.update',
    ]);
  });
});
