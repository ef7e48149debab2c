import {
  type AccountRequest,
  type AccountRequestApproval,
  type AccountRequestApprovalResponse,
  type AccountRequestInput,
  emailDomain,
} from '@meridian/contracts';
import type { Database } from '../../db/client.js';
import { type Actor, requireAccess } from '../../lib/access.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { memberRequestsOpen } from '../settings/security-policy.js';
import type { InvitationsService } from '../invitations/invitations.service.js';
import { insertOrganization } from '../organizations/organizations.service.js';
import { organizationsReads } from '../organizations/organizations.reads.js';
import { keysetPage } from '../../db/keyset-page.js';
import { toAccountRequestDto } from './account-requests.mapper.js';
import { accountRequestsRepository } from './account-requests.repository.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

export class AccountRequestsService {
  constructor(
    private readonly db: Database,
    private readonly invitations: InvitationsService,
  ) {}

  /** Refused when an organization at the e-mail's domain turned member requests off. */
  async submit(input: AccountRequestInput & { email: string }): Promise<void> {
    const domain = emailDomain(input.email);
    if (!(await memberRequestsOpen(this.db, domain)))
      throw forbidden(API_MESSAGES.accountRequest.requestsClosed(domain));
    await accountRequestsRepository.insert(this.db, input);
  }

  async listPending(
    actor: Actor,
    page: { limit: number; cursor?: string | undefined },
  ): Promise<{ accountRequests: AccountRequest[]; nextCursor: string | null; total: number }> {
    requireAccess(actor, 'platform.administer', API_MESSAGES.accountRequest.platformAdminRequired);
    const { items, nextCursor } = await keysetPage(
      page,
      { list: 'account-requests:pending' },
      (after, limit) => accountRequestsRepository.listPending(this.db, after, limit),
    );
    return {
      accountRequests: items.map(toAccountRequestDto),
      nextCursor,
      total: await accountRequestsRepository.countPending(this.db),
    };
  }

  /** Creates the organization from the request and invites the requester as its first ADMIN. */
  async approve(
    actor: Actor,
    id: string,
    approval: AccountRequestApproval,
    baseUrl: string,
  ): Promise<AccountRequestApprovalResponse['data']> {
    requireAccess(actor, 'platform.administer', API_MESSAGES.accountRequest.platformAdminRequired);
    const { organizationId, prepared } = await this.db.transaction(async (tx) => {
      const request = await accountRequestsRepository.lockPending(tx, id);
      if (!request) throw notFound(API_MESSAGES.accountRequest.notFound);
      if (await organizationsReads.findBySlug(tx, approval.slug))
        throw conflict(API_MESSAGES.accountRequest.slugTaken);
      const organization = await insertOrganization(tx, {
        name: approval.name,
        slug: approval.slug,
        status: 'ACTIVE',
        domain: null,
        address_line1: [request.address1, request.address2].filter(Boolean).join(' '),
        city: request.city,
        state: request.state,
        zip_code: request.postalCode,
        country: request.country,
        phone_number: null,
        website: null,
      });
      const invitation = await this.invitations.createIn(
        tx,
        actor,
        organization.id,
        { email: request.email, adminRole: 'ADMIN' },
        baseUrl,
      );
      await accountRequestsRepository.setStatus(tx, id, 'APPROVED');
      await recordAudit(tx, actor, {
        action: 'account-request.approve',
        targetType: 'account-request',
        targetId: id,
        after: { organizationId: organization.id },
      });
      return { organizationId: organization.id, prepared: invitation };
    });
    const { inviteUrl, emailed } = await this.invitations.deliver(prepared);
    return { organizationId, inviteUrl, emailed };
  }

  async dismiss(actor: Actor, id: string): Promise<void> {
    requireAccess(actor, 'platform.administer', API_MESSAGES.accountRequest.platformAdminRequired);
    await this.db.transaction(async (tx) => {
      if (!(await accountRequestsRepository.lockPending(tx, id)))
        throw notFound(API_MESSAGES.accountRequest.notFound);
      await accountRequestsRepository.setStatus(tx, id, 'DISMISSED');
      await recordAudit(tx, actor, {
        action: 'account-request.dismiss',
        targetType: 'account-request',
        targetId: id,
      });
    });
  }
}
