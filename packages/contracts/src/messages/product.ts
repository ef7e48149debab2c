export const product = {
  notFound: 'Product not found',
  editorRequired: "Only the organization's managers and admins change its products",
  skuTaken: (sku: string) => `sku "${sku}" is already used by another product`,
  siteRefUnknown: (ref: string) =>
    `no site of the organization has the external reference "${ref}"`,
  listed: 'Products retrieved',
  created: 'Product created',
  retrieved: 'Product retrieved',
  updated: 'Product updated',
} as const;
