export const accountRequest = {
  required: 'Please fill in all required fields',
  submitted: 'Account request submitted! We will contact you shortly.',
  platformAdminRequired: 'Only platform admins can review account requests',
  notFound: 'Account request not found or already handled',
  slugTaken: 'Slug is already taken',
  requestsClosed: (domain: string) =>
    `Account requests for ${domain} addresses are closed. Ask an admin of your organization for an invitation.`,
  listed: 'Account requests retrieved',
  approved: 'Account request approved',
  dismissed: 'Account request dismissed',
} as const;
