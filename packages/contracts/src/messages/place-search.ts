export const placeSearch = {
  queryRequired: 'Type a place name or a UN/LOCODE',
} as const;
