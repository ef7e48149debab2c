import { face } from '../../lib/face.js';
import { organizationsRepository } from './organizations.repository.js';

export { notDeleted, type OrganizationRow } from './organizations.repository.js';

/** What other modules may read of the organizations: one found by id, slug or e-mail domain. */
export const organizationsReads = face(organizationsRepository, [
  'findById',
  'findBySlug',
  'findByDomain',
]);
