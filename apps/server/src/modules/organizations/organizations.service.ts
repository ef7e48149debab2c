import {
  INTERNAL_ORGANIZATION_PROTECTED,
  type Organization,
  type OrganizationValues,
} from '@meridian/contracts';
import type { Database, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.repository.js';
import { organizationsRepository, toOrganizationDto } from './organizations.repository.js';

export const ORGANIZATION_ERRORS = {
  notFound: 'Organization not found',
  platformAdminRequired: 'Only platform admins can manage organizations',
  slugTaken: 'Slug is already taken',
  idMismatch: 'id in the body does not match the URL',
  internalProtected: INTERNAL_ORGANIZATION_PROTECTED,
} as const;

export class OrganizationsService {
  constructor(private readonly db: Database) {}

  /** Platform admins see every organization; anyone else only their own. */
  async list(actor: Actor): Promise<Organization[]> {
    if (actor.isPlatformAdmin) {
      return (await organizationsRepository.listAll(this.db)).map(toOrganizationDto);
    }
    const own = await organizationsRepository.findById(this.db, actor.user.organizationId);
    return own ? [toOrganizationDto(own)] : [];
  }

  async get(actor: Actor, id: string): Promise<Organization> {
    const visible =
      actor.isPlatformAdmin || id === actor.user.organizationId || id === actor.organizationId;
    const row = visible ? await organizationsRepository.findById(this.db, id) : undefined;
    if (!row) throw notFound(ORGANIZATION_ERRORS.notFound);
    return toOrganizationDto(row);
  }

  async create(actor: Actor, values: OrganizationValues): Promise<Organization> {
    this.assertPlatformAdmin(actor);
    return this.db.transaction(async (tx) => {
      await this.assertSlugFree(tx, values.slug);
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
    this.assertPlatformAdmin(actor);
    if (values.id && values.id !== id) throw badRequest(ORGANIZATION_ERRORS.idMismatch);
    return this.db.transaction(async (tx) => {
      const existing = await organizationsRepository.findById(tx, id);
      if (!existing) throw notFound(ORGANIZATION_ERRORS.notFound);
      await this.assertSlugFree(tx, values.slug, id);
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
    this.assertPlatformAdmin(actor);
    await this.db.transaction(async (tx) => {
      const existing = await organizationsRepository.findById(tx, id);
      if (!existing) throw notFound(ORGANIZATION_ERRORS.notFound);
      if (existing.isInternal) throw conflict(ORGANIZATION_ERRORS.internalProtected);
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

  private assertPlatformAdmin(actor: Actor): void {
    if (!actor.isPlatformAdmin) throw forbidden(ORGANIZATION_ERRORS.platformAdminRequired);
  }

  private async assertSlugFree(db: Executor, slug: string, exceptId?: string): Promise<void> {
    const holder = await organizationsRepository.findBySlug(db, slug);
    if (holder && holder.id !== exceptId) throw conflict(ORGANIZATION_ERRORS.slugTaken);
  }
}
