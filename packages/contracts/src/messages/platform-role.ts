export const platformRole = {
  platformAdminRequired: 'Only a platform admin can grant platform admin roles',
  ownerRequired: 'Only a platform owner can grant or remove the owner role',
  staffOnly: 'Platform roles above MEMBER are only for Meridian staff (internal addresses)',
} as const;
