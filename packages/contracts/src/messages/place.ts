export const place = {
  unknownLocode: (code: string) =>
    `UN/LOCODE ${code} is not in Meridian's table of ports and airports: give lat and lng, or a place name`,
  nameNotFound: (name: string) => `"${name}" was not found: give a UN/LOCODE, or lat and lng`,
} as const;
