import {
  DEFAULT_NEWS_RULES,
  type BuiltInSourceKind,
  type Source,
  type SourceCreate,
  type SourceKind,
  type SourceUpdate,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { randomBytes } from 'node:crypto';
import type { Database, Executor } from '../../db/client.js';
import { type Actor, requireAccess } from '../../lib/access.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { namesPrivateHost } from '../../lib/outbound-http.js';
import { recordAudit } from '../audit/audit.service.js';
import { type SourceRow, sourcesRepository as sources } from './sources.repository.js';

export const BUILT_IN_NAMES: Record<BuiltInSourceKind, string> = {
  USGS: 'USGS earthquakes',
  GDACS: 'GDACS disasters',
  NWS: 'US National Weather Service alerts',
  EONET: 'NASA EONET natural events',
  NHC: 'NOAA National Hurricane Center storms',
};

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const toSourceDto = (row: SourceRow, incidentCount: number): Source => ({
  id: row.id,
  kind: row.kind,
  key: row.key,
  name: row.name,
  url: row.url,
  enabled: row.enabled,
  intervalSeconds: row.intervalSeconds,
  lastPolledAt: iso(row.lastPolledAt),
  lastSuccessAt: iso(row.lastSuccessAt),
  lastError: row.lastError,
  lastErrorAt: iso(row.lastErrorAt),
  failures: row.failures,
  nextPollAt: row.nextPollAt.toISOString(),
  itemCount: row.itemCount,
  skippedCount: row.skippedCount,
  incidentCount,
  rules: row.kind === 'NEWS' ? (row.rules ?? DEFAULT_NEWS_RULES) : null,
});

/** A custom source's key: its kind and name, readable, unique with a suffix if need be. */
const keyOf = (kind: SourceKind, name: string) =>
  `${kind}-${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'feed'
  }-${randomBytes(3).toString('hex')}`;

/**
 * Platform admins manage the feeds: add, change, pause, remove, and ask for a poll now.
 * Every change is audited; a poll request only moves the source's next poll time.
 */
export class SourcesService {
  constructor(
    private readonly db: Database,
    private readonly wake: () => void,
    private readonly allowPrivateUrls = false,
  ) {}

  async list(actor: Actor): Promise<Source[]> {
    requireAccess(actor, 'platform.administer', API_MESSAGES.source.platformOnly);
    const rows = await sources.list(this.db);
    return rows.map((row) => toSourceDto(row.source, row.incidentCount));
  }

  async get(actor: Actor, id: string): Promise<Source> {
    requireAccess(actor, 'platform.administer', API_MESSAGES.source.platformOnly);
    return this.dto(this.db, id);
  }

  async create(actor: Actor, input: SourceCreate): Promise<Source> {
    requireAccess(actor, 'platform.administer', API_MESSAGES.source.platformOnly);
    this.assertReachable(input.url);
    const created = await this.db.transaction(async (tx) => {
      await this.assertNameFree(tx, input.name);
      const row = await sources.insert(tx, {
        kind: input.kind,
        key: keyOf(input.kind, input.name),
        name: input.name,
        url: input.url,
        enabled: input.enabled ?? true,
        ...(input.intervalSeconds ? { intervalSeconds: input.intervalSeconds } : {}),
        rules: input.kind === 'NEWS' ? (input.rules ?? DEFAULT_NEWS_RULES) : null,
      });
      const dto = toSourceDto(row, 0);
      await recordAudit(tx, actor, {
        action: 'source.create',
        targetType: 'source',
        targetId: row.id,
        after: dto,
      });
      return dto;
    });
    this.wake();
    return created;
  }

  async update(actor: Actor, id: string, input: SourceUpdate): Promise<Source> {
    requireAccess(actor, 'platform.administer', API_MESSAGES.source.platformOnly);
    if (input.url !== undefined) this.assertReachable(input.url);
    const updated = await this.db.transaction(async (tx) => {
      const before = await this.dto(tx, id);
      if (input.rules !== undefined && before.kind !== 'NEWS') {
        throw badRequest(`rules: ${API_MESSAGES.source.rulesForNewsOnly}`);
      }
      if (input.name !== undefined) await this.assertNameFree(tx, input.name, id);
      const urlChanged = input.url !== undefined && input.url !== before.url;
      await sources.update(tx, id, {
        ...input,
        // A new address starts afresh: no validators from the old one, polled soon.
        ...(urlChanged ? { etag: null, lastModified: null, nextPollAt: new Date() } : {}),
        ...(input.enabled === true && !before.enabled
          ? { nextPollAt: new Date(), failures: 0 }
          : {}),
      });
      const after = await this.dto(tx, id);
      await recordAudit(tx, actor, {
        action: 'source.update',
        targetType: 'source',
        targetId: id,
        before,
        after,
      });
      return after;
    });
    this.wake();
    return updated;
  }

  /** The incidents it made stay (they are history); it stops being polled. */
  async delete(actor: Actor, id: string): Promise<void> {
    requireAccess(actor, 'platform.administer', API_MESSAGES.source.platformOnly);
    await this.db.transaction(async (tx) => {
      const before = await this.dto(tx, id);
      await sources.delete(tx, id);
      await recordAudit(tx, actor, {
        action: 'source.delete',
        targetType: 'source',
        targetId: id,
        before,
      });
    });
  }

  /** Due at once: the next free instance polls it. */
  async pollNow(actor: Actor, id: string): Promise<Source> {
    requireAccess(actor, 'platform.administer', API_MESSAGES.source.platformOnly);
    const queued = await this.db.transaction(async (tx) => {
      const source = await this.dto(tx, id);
      if (!source.enabled) throw conflict(API_MESSAGES.source.pausedPoll);
      await sources.update(tx, id, { nextPollAt: new Date() });
      await recordAudit(tx, actor, { action: 'source.poll', targetType: 'source', targetId: id });
      return this.dto(tx, id);
    });
    this.wake();
    return queued;
  }

  private async dto(db: Executor, id: string): Promise<Source> {
    const row = await sources.find(db, id);
    if (!row) throw notFound(API_MESSAGES.source.notFound);
    return toSourceDto(row.source, row.incidentCount);
  }

  private async assertNameFree(db: Executor, name: string, exceptId?: string): Promise<void> {
    const holder = await sources.findByName(db, name);
    if (holder && holder.id !== exceptId) throw conflict(API_MESSAGES.source.nameTaken);
  }

  /** A literal private address is refused when saved; names are checked where they connect. */
  private assertReachable(url: string): void {
    if (!this.allowPrivateUrls && namesPrivateHost(url)) {
      throw badRequest(`url: ${API_MESSAGES.source.privateAddress}`);
    }
  }
}
