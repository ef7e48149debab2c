import {
  type ApiKey,
  type ApiKeyCreate,
  type IngestRequest,
  type IngestResponse,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.js';
import type { BackgroundWork } from '../../jobs/background.js';
import { EXPOSURE_JOBS } from '../exposure/exposure.jobs.js';
import { type Actor, requireAccess } from '../../lib/access.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { allowsAddress, invalidEntries } from '../../lib/ip-allow-list.js';
import { recordAudit } from '../audit/audit.service.js';
import { addressAllowed } from '../settings/security-policy.js';
import type { FeedEvent } from '../feeds/connectors/types.js';
import { feedsReads } from '../feeds/feeds.reads.js';
import { ingestFeed } from '../feeds/ingest.js';
import { type ApiKeyRow, apiKeysRepository as keys } from './api-keys.repository.js';

/** Incidents pushed through the API carry this source; their feed id is organization:externalId. */
export const API_SOURCE = 'API';
const KEY_PREFIX = 'mrd_';

export const digestOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

const toDto = (row: ApiKeyRow, createdBy: string | null): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  createdBy,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  allowedNetworks: row.allowedNetworks,
});

type Batch = ReturnType<typeof IngestRequest.parse>;
type Parsed = Batch['incidents'][number];

const eventOf = (organizationId: string, item: Parsed): FeedEvent => ({
  sourceId: `${organizationId}:${item.externalId}`,
  title: item.title,
  description: item.description ?? null,
  type: item.type,
  severity: item.severity,
  lat: item.location?.lat ?? null,
  lng: item.location?.lng ?? null,
  countryCode: item.location?.countryCode ?? null,
  area: item.area ?? null,
  affectedRadiusKm: item.affectedRadiusKm ?? null,
  startsAt: item.startsAt ? new Date(item.startsAt) : null,
  endsAt: item.endsAt ? new Date(item.endsAt) : null,
  closed: item.status === 'RESOLVED',
  sourceUrl: item.sourceUrl ?? null,
});

/**
 * API keys of an organization (its ADMINs create, list and revoke them) and what a key may
 * do: push a batch of the organization's own incidents, idempotent by externalId, written
 * by the same rules as a feed (a person's edit wins).
 */
export class ApiKeysService {
  constructor(
    private readonly db: Database,
    private readonly background: BackgroundWork,
  ) {}

  async list(actor: Actor): Promise<ApiKey[]> {
    requireAccess(actor, 'organization.administer', API_MESSAGES.apiKey.adminOnly);
    const rows = await keys.list(this.db, actor.organizationId);
    return rows.map((row) => toDto(row.key, row.createdBy));
  }

  async create(actor: Actor, input: ApiKeyCreate): Promise<{ apiKey: ApiKey; secret: string }> {
    requireAccess(actor, 'organization.administer', API_MESSAGES.apiKey.adminOnly);
    const allowedNetworks = input.allowedNetworks ?? [];
    const [invalid] = invalidEntries(allowedNetworks);
    if (invalid) {
      throw badRequest(`allowedNetworks.${invalid.index}: ${API_MESSAGES.apiKey.invalidNetwork}`);
    }
    const secret = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    return this.db.transaction(async (tx) => {
      const row = await keys.insert(tx, {
        organizationId: actor.organizationId,
        name: input.name,
        prefix: secret.slice(0, KEY_PREFIX.length + 6),
        secretHash: digestOf(secret),
        createdBy: actor.user.id,
        allowedNetworks,
      });
      const apiKey = toDto(row, actor.user.email);
      await recordAudit(tx, actor, {
        action: 'api-key.create',
        targetType: 'api-key',
        targetId: row.id,
        after: apiKey,
      });
      return { apiKey, secret };
    });
  }

  /** Another organization's key is not found; a member without the right is refused. */
  async revoke(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await keys.find(tx, actor.organizationId, id);
      if (!before) throw notFound(API_MESSAGES.apiKey.notFound);
      requireAccess(actor, 'organization.administer', API_MESSAGES.apiKey.adminOnly);
      await keys.revoke(tx, actor.organizationId, id);
      await recordAudit(tx, actor, {
        action: 'api-key.revoke',
        targetType: 'api-key',
        targetId: id,
        before: toDto(before.key, before.createdBy),
      });
    });
  }

  /**
   * The live key a bearer secret names, used from an address both the key's own networks and
   * its organization's IP allow list admit; 401 for no such key, 403 from elsewhere.
   */
  async authenticate(secret: string | undefined, ip: string): Promise<ApiKeyRow> {
    if (!secret) throw unauthorized(API_MESSAGES.apiKey.missing);
    if (!secret.startsWith(KEY_PREFIX)) throw unauthorized(API_MESSAGES.apiKey.invalid);
    const key = await keys.use(this.db, digestOf(secret));
    if (!key) throw unauthorized(API_MESSAGES.apiKey.invalid);
    const keyAdmits = key.allowedNetworks.length === 0 || allowsAddress(key.allowedNetworks, ip);
    if (!keyAdmits || !(await addressAllowed(this.db, key.organizationId, ip)))
      throw forbidden(API_MESSAGES.apiKey.addressNotAllowed(ip));
    return key;
  }

  async ingest(key: ApiKeyRow, parsed: Batch): Promise<IngestResponse['data']> {
    const seen = new Set<string>();
    for (const item of parsed.incidents) {
      if (seen.has(item.externalId)) {
        throw badRequest(API_MESSAGES.apiKey.duplicateExternalId(item.externalId));
      }
      seen.add(item.externalId);
    }
    const organizationId = key.organizationId;
    const events = parsed.incidents.map((item) => eventOf(organizationId, item));
    const result = await this.db.transaction(async (tx) => {
      const ingested = await ingestFeed(
        tx,
        { key: API_SOURCE, name: `API key "${key.name}"`, organizationId },
        { events, skipped: 0 },
        false,
        new Date(),
      );
      await this.background.enqueueMany(
        tx,
        EXPOSURE_JOBS.incident,
        ingested.touched.map((incidentId) => ({ key: incidentId, payload: { incidentId } })),
      );
      const rows = await feedsReads.findBySourceIds(
        tx,
        API_SOURCE,
        events.map((event) => event.sourceId),
      );
      return { ingested, rows };
    });
    if (result.ingested.touched.length > 0) this.background.kick();
    const prefix = `${organizationId}:`;
    return {
      created: result.ingested.created,
      updated: result.ingested.updated,
      resolved: result.ingested.resolved,
      unchanged: result.ingested.unchanged,
      incidents: result.rows
        .filter((row) => row.organizationId === organizationId)
        .map((row) => ({ externalId: (row.sourceId ?? '').slice(prefix.length), id: row.id })),
    };
  }

  /** The organization's ADMINs, and platform admins acting as it. */
}
