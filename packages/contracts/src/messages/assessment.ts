export const assessment = {
  listed: 'Assessments retrieved',
  history: 'Assessment history retrieved',
  updated: 'Assessment saved',
  bulkUpdated: (count: number) => `${count} ${count === 1 ? 'assessment' : 'assessments'} saved`,
  editorRequired: "Only the organization's managers and admins assess its sites",
  siteNotFound: 'Site not found',
  notExposed: 'This incident has not reached the site: there is nothing to assess',
  recoveryInPast: 'expectedRecoveryOn: the expected recovery date is already past',
  recoveryTooFar: (days: number) =>
    `expectedRecoveryOn: the expected recovery date is more than ${days} days ahead`,
} as const;

export const supplierRequest = {
  listed: 'Supplier requests retrieved',
  created: (count: number) =>
    count === 0
      ? 'No supplier to ask: every exposed site was asked already or has no contact e-mail'
      : `${count} ${count === 1 ? 'supplier' : 'suppliers'} asked`,
  revoked: 'Link revoked: it no longer opens',
  notFound: 'Supplier request not found',
  mailRequired: 'E-mail is not set up on this server (SMTP_URL): suppliers cannot be asked',
  // The public page: nothing says whether a guessed link ever existed.
  linkInvalid: 'This link does not open an answer: it is wrong, or was withdrawn',
  linkExpired: 'This link has expired: ask your contact for a new one',
  found: 'Request found',
  answered: 'Thank you: your answer was sent',
  tooManyAnswers: 'This link has taken all the answers it may: ask your contact for a new one',
} as const;
