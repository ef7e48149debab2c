export const organization = {
  nameRequired: 'Name is required',
  slugRequired: 'Slug is required',
  slugPattern: 'Slug must be lowercase letters, numbers, dashes',
  invalidDomain: 'Invalid domain',
  websiteScheme: 'Website must start with http:// or https://',
  phoneTooShort: 'Phone seems too short',
  notFound: 'Organization not found',
  platformAdminRequired: 'Only platform admins can manage organizations',
  slugTaken: 'Slug is already taken',
  domainTaken: 'This domain is already registered by another organization',
  idMismatch: 'id in the body does not match the URL',
  /** Said by the server when it refuses, and by the browser beside the disabled Delete. */
  internalProtected: 'The internal organization cannot be deleted',
  /** The internal organization's status and slug are fixed: disabling it would lock out platform staff. */
  internalFixed: 'The internal organization stays active and keeps its slug',
  listed: 'Organizations retrieved',
  retrieved: 'Organization retrieved',
  created: 'Organization created',
  updated: 'Organization updated',
  deleted: 'Organization deleted',
} as const;
