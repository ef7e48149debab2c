export const supplierResponse = {
  missingToken: 'This link is incomplete: open it again from the e-mail',
  loadFailed: 'Unable to open this request',
  sendFailed: 'Unable to send your answer',
  affectedRequired: 'Say whether the site is affected',
  capacityRange: 'Capacity available is a whole number from 0 to 100',
  askFailed: 'Unable to ask the suppliers',
  revokeFailed: 'Unable to revoke the link',
} as const;
