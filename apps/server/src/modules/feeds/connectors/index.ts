import type { SourceKind } from '@meridian/contracts';
import { capConnector } from './cap.js';
import { emscConnector } from './emsc.js';
import { eonetConnector } from './eonet.js';
import { gdacsConnector } from './gdacs.js';
import { geojsonConnector } from './geojson.js';
import { newsConnector } from './news.js';
import { nhcConnector } from './nhc.js';
import { nwsConnector } from './nws.js';
import { rssConnector } from './rss.js';
import type { Connector } from './types.js';
import { usgsConnector } from './usgs.js';

export const CONNECTORS: Record<SourceKind, Connector> = {
  USGS: usgsConnector,
  EMSC: emscConnector,
  NHC: nhcConnector,
  GDACS: gdacsConnector,
  NWS: nwsConnector,
  EONET: eonetConnector,
  CAP: capConnector,
  GEOJSON: geojsonConnector,
  RSS: rssConnector,
  NEWS: newsConnector,
};

export { type Connector, type FeedEvent, FeedFormatError } from './types.js';
