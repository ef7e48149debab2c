import { type Memo, type MemoInput, type MemoUpdate } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { Database, Executor } from '../../db/client.js';
import { type Actor, editsOrganizationData } from '../../lib/access.js';
import { forbidden, notFound, stale } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { plansReads } from '../plans/plans.reads.js';
import { toMemoDto } from './insights.mapper.js';
import { type MemoRow, memosRepository as repository } from './memos.repository.js';
import { visibleIncident } from './visibility.js';

const sameInstant = (row: Date, read: string) => row.getTime() === Date.parse(read);

/**
 * An organization's memos on an incident: anyone in it writes one (viewers too); its author,
 * a MANAGER or an ADMIN changes or removes it. An edit keeps the text it replaces, and one
 * made on a stale copy (someone saved since it was read) is a 409.
 */
export class MemosService {
  constructor(private readonly db: Database) {}

  async list(actor: Actor, incidentId: string): Promise<Memo[]> {
    await visibleIncident(this.db, actor, incidentId);
    const rows = await repository.listOf(this.db, actor.organizationId, incidentId);
    return this.toDtos(this.db, rows);
  }

  async create(actor: Actor, incidentId: string, input: MemoInput): Promise<Memo> {
    return this.db.transaction(async (tx) => {
      const incident = await visibleIncident(tx, actor, incidentId);
      const row = await repository.insert(tx, {
        organizationId: actor.organizationId,
        incidentId: incident.id,
        body: input.body,
        authorId: actor.user.id,
        editorId: actor.user.id,
      });
      const dto = await this.dto(tx, row);
      await recordAudit(tx, actor, {
        action: 'memo.create',
        targetType: 'memo',
        targetId: row.id,
        after: { incidentId: row.incidentId, body: row.body },
      });
      return dto;
    });
  }

  async update(actor: Actor, id: string, input: MemoUpdate): Promise<Memo> {
    return this.db.transaction(async (tx) => {
      const before = await this.changeable(tx, actor, id);
      if (!sameInstant(before.updatedAt, input.updatedAt)) {
        throw stale(API_MESSAGES.insights.stale);
      }
      if (input.body === before.body) return this.dto(tx, before);
      const after = await repository.replaceBody(tx, before, input.body, actor.user.id);
      await recordAudit(tx, actor, {
        action: 'memo.update',
        targetType: 'memo',
        targetId: id,
        before: { body: before.body },
        after: { body: after.body },
      });
      return this.dto(tx, after);
    });
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.changeable(tx, actor, id);
      await repository.delete(tx, id);
      await recordAudit(tx, actor, {
        action: 'memo.delete',
        targetType: 'memo',
        targetId: id,
        before: { incidentId: before.incidentId, body: before.body },
      });
    });
  }

  /** The organization's memo, locked, when the caller may change it. */
  private async changeable(tx: Executor, actor: Actor, id: string): Promise<MemoRow> {
    const memo = await repository.find(tx, actor.organizationId, id, true);
    if (!memo) throw notFound(API_MESSAGES.insights.memoNotFound);
    if (memo.authorId !== actor.user.id && !editsOrganizationData(actor)) {
      throw forbidden(API_MESSAGES.insights.memoAuthorOnly);
    }
    return memo;
  }

  private async dto(db: Executor, row: MemoRow): Promise<Memo> {
    const [dto] = await this.toDtos(db, [row]);
    if (!dto) throw new Error('memo vanished');
    return dto;
  }

  private async toDtos(db: Executor, rows: readonly MemoRow[]): Promise<Memo[]> {
    const revisions = await repository.revisionsOf(
      db,
      rows.map((row) => row.id),
    );
    const people = await plansReads.people(
      db,
      [
        ...rows.flatMap((row) => [row.authorId, row.editorId]),
        ...revisions.map((revision) => revision.editorId),
      ].filter((id) => id !== null),
    );
    const byId = new Map(people.map((person) => [person.id, person]));
    return rows.map((row) =>
      toMemoDto(
        row,
        revisions.filter((revision) => revision.memoId === row.id),
        byId,
      ),
    );
  }
}
