export const shipment = {
  notFound: 'Shipment not found',
  editorRequired: "Only the organization's managers and admins change its shipments",
  referenceTaken: (reference: string) =>
    `reference "${reference}" is already used by another shipment: change that one instead`,
  unknownSite: (id: string) => `site ${id} is not one of the organization's sites`,
  unknownSiteRef: (ref: string) => `no site of the organization has externalRef "${ref}"`,
  listed: 'Shipments retrieved',
  created: 'Shipment created',
  retrieved: 'Shipment retrieved',
  updated: 'Shipment updated',
} as const;
