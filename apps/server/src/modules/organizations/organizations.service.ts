import {
  LIMITS,
  type Organization,
  type OrganizationListQuery,
  type OrganizationListResponse,
  type OrganizationValues,
} from '@meridian/contracts';
import type { Database, Executor } from '../../db/client.js';
import { type Actor, requireAccess } from '../../lib/access.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { keysetPage } from '../../db/keyset-page.js';
import { recordAudit } from '../audit/audit.service.js';
import { toOrganizationDto } from './organizations.mapper.js';
import {
  type OrganizationVisibility,
  organizationsRepository,
} from './organizations.repository.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

/**
 * Creates an organization inside the caller's transaction, for a platform admin's approval of
 * an account request (which audits it); the platform's own form goes through the service.
 */
export const insertOrganization = (
  db: Executor,
  values: Parameters<typeof organizationsRepository.insert>[1],
) => organizationsRepository.insert(db, values);

export class OrganizationsService {
  constructor(private readonly db: Database) {}

  /**
   * Platform admins see every organization; anyone else only their own. Without `limit` or
   * `cursor` the whole (searched) list, as the spec reads it; with either, one page.
   */
  async list(
    actor: Actor,
    query: OrganizationListQuery,
  ): Promise<OrganizationListResponse['data']> {
    const visible: OrganizationVisibility = actor.isPlatformAdmin
      ? { all: true }
      : { only: actor.user.organizationId };
    const q = query.q || undefined;
    if (query.limit === undefined && query.cursor === undefined) {
      const rows = await organizationsRepository.list(this.db, visible, q);
      return { organizations: rows.map(toOrganizationDto) };
    }
    const page = await keysetPage(
      { limit: query.limit ?? LIMITS.organizationListDefault, cursor: query.cursor },
      ['organizations', visible, q],
      (after, limit) => organizationsRepository.listPage(this.db, visible, { q, after, limit }),
    );
    return {
      organizations: page.items.map(toOrganizationDto),
      nextCursor: page.nextCursor,
      total: await organizationsRepository.count(this.db, visible, q),
    };
  }

  async get(actor: Actor, id: string): Promise<Organization> {
    const visible =
      actor.isPlatformAdmin || id === actor.user.organizationId || id === actor.organizationId;
    const row = visible ? await organizationsRepository.findById(this.db, id) : undefined;
    if (!row) throw notFound(API_MESSAGES.organization.notFound);
    return toOrganizationDto(row);
  }

  async create(actor: Actor, values: OrganizationValues): Promise<Organization> {
    requireAccess(actor, 'platform.administer', API_MESSAGES.organization.platformAdminRequired);
    return this.db.transaction(async (tx) => {
      await this.assertSlugFree(tx, values.slug);
      await this.assertDomainFree(tx, values.domain);
      const row = await organizationsRepository.insert(tx, values);
      const created = toOrganizationDto(row);
      await recordAudit(tx, actor, {
        action: 'organization.create',
        targetType: 'organization',
        targetId: row.id,
        after: created,
      });
      return created;
    });
  }

  async update(actor: Actor, id: string, values: OrganizationValues): Promise<Organization> {
    requireAccess(actor, 'platform.administer', API_MESSAGES.organization.platformAdminRequired);
    if (values.id && values.id !== id) throw badRequest(API_MESSAGES.organization.idMismatch);
    return this.db.transaction(async (tx) => {
      const existing = await organizationsRepository.findById(tx, id);
      if (!existing) throw notFound(API_MESSAGES.organization.notFound);
      // Disabling the operator's own organization would lock every platform admin out.
      if (existing.isInternal && (values.status !== 'ACTIVE' || values.slug !== existing.slug)) {
        throw conflict(API_MESSAGES.organization.internalFixed);
      }
      await this.assertSlugFree(tx, values.slug, id);
      await this.assertDomainFree(tx, values.domain, id);
      const updated = toOrganizationDto(await organizationsRepository.update(tx, id, values));
      await recordAudit(tx, actor, {
        action: 'organization.update',
        targetType: 'organization',
        targetId: id,
        before: toOrganizationDto(existing),
        after: updated,
      });
      return updated;
    });
  }

  async delete(actor: Actor, id: string): Promise<void> {
    requireAccess(actor, 'platform.administer', API_MESSAGES.organization.platformAdminRequired);
    await this.db.transaction(async (tx) => {
      const existing = await organizationsRepository.findById(tx, id);
      if (!existing) throw notFound(API_MESSAGES.organization.notFound);
      if (existing.isInternal) throw conflict(API_MESSAGES.organization.internalProtected);
      const deleted = await organizationsRepository.softDelete(tx, id);
      await recordAudit(tx, actor, {
        action: 'organization.delete',
        targetType: 'organization',
        targetId: id,
        before: toOrganizationDto(existing),
        after: toOrganizationDto(deleted),
      });
    });
  }

  private async assertSlugFree(db: Executor, slug: string, exceptId?: string): Promise<void> {
    const holder = await organizationsRepository.findBySlug(db, slug);
    if (holder && holder.id !== exceptId) throw conflict(API_MESSAGES.organization.slugTaken);
  }

  /** An e-mail domain belongs to one organization: only it invites that domain's addresses. */
  private async assertDomainFree(
    db: Executor,
    domain: string | null | undefined,
    exceptId?: string,
  ): Promise<void> {
    if (!domain) return;
    const holder = await organizationsRepository.findByDomain(db, domain);
    if (holder && holder.id !== exceptId) throw conflict(API_MESSAGES.organization.domainTaken);
  }
}
