export const suppliers = {
  description:
    'Suppliers, facilities, warehouses, ports and customers, and the shipments between them: Meridian watches them for incidents.',
  loadSitesFailed: 'Unable to load sites',
  loadShipmentsFailed: 'Unable to load shipments',
  loadExposureFailed: 'Unable to load the incidents reaching this site',
  loadHistoryFailed: 'Unable to load how this site stood in past incidents',
  noSites: 'No sites yet. Add your suppliers one by one, or import them from a CSV file.',
  noSitesMatch: 'No sites match these filters.',
  noShipments: 'No shipments yet. Import them from a CSV file.',
  noShipmentsMatch: 'No shipments match these filters.',
  saveFailed: 'Saving the site failed',
  created: (name: string) => `Site "${name}" added`,
  updated: (name: string) => `Site "${name}" saved`,
  archived: (name: string) => `Site "${name}" archived`,
  restored: (name: string) => `Site "${name}" restored`,
  archiveConfirm: (name: string) =>
    `Archive "${name}"? It leaves the list and is no longer matched against incidents; you can restore it from the archived sites.`,
  readOnly: 'Only managers and admins of your organization change sites, products and shipments.',
  exportFailed: 'Exporting the sites failed',
  importFailed: 'The import failed',
  importRefused: 'Nothing was imported: fix these rows in the file and choose it again.',
  importHasErrors:
    'Nothing will be imported while the file has errors: an import is written whole or not at all. Fix these rows and choose the file again.',
  noExternalRef:
    'No column is matched to External reference: importing this file again will add its sites again instead of updating them.',
  loadProductsFailed: 'Unable to load products',
  noProducts:
    'No products yet. Add what you sell with the parts each needs and the sites that supply them, or import them from a CSV file: value at risk then counts the revenue that stops.',
  noProductsMatch: 'No products match these filters.',
  saveProductFailed: 'Saving the product failed',
  productCreated: (name: string) => `Product "${name}" added`,
  productUpdated: (name: string) => `Product "${name}" saved`,
  productArchived: (name: string) => `Product "${name}" archived`,
  productRestored: (name: string) => `Product "${name}" restored`,
  productArchiveConfirm: (name: string) =>
    `Archive "${name}"? Its revenue leaves value at risk and priorities; you can restore it from the archived products.`,
  imported: (kind: 'sites' | 'shipments' | 'products', created: number, updated: number) =>
    `Imported ${(created + updated).toLocaleString('en')} ${kind}: ${created.toLocaleString('en')} new, ${updated.toLocaleString('en')} updated.`,
} as const;
