export const shipmentMap = {
  bbox: 'bbox must be four numbers: west,south,east,north',
  longitude: 'bbox longitudes must be between -180 and 180',
  latitude: 'bbox latitudes must be between -90 and 90',
  southAboveNorth: 'bbox south must not be above north',
  zoom: 'zoom must be a number between 0 and 24',
  ordinal: 'ordinal must be a whole number from 0',
  tag: 'tag must be 16 hex digits, as the map body gives it',
  ordinalOutOfRange: 'ordinal is past the end of the shipments of this tag',
  staleTag: 'The shipments changed since this map was loaded: load the map again',
} as const;
