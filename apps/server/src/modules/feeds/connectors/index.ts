import type { SourceKind } from '@meridian/contracts';
import { eonetConnector } from './eonet.js';
import { gdacsConnector } from './gdacs.js';
import { nwsConnector } from './nws.js';
import type { Connector } from './types.js';
import { usgsConnector } from './usgs.js';

export const CONNECTORS: Record<SourceKind, Connector> = {
  USGS: usgsConnector,
  GDACS: gdacsConnector,
  NWS: nwsConnector,
  EONET: eonetConnector,
};

export { type Connector, type FeedEvent, FeedFormatError } from './types.js';
