import { LazyMap } from '@/components/map/LazyMap';
import { MAP_DEFAULT_VIEW, MAP_VIEW_SETTLE_MS, SIDE_PANEL_WIDTH_PX } from '@/config/constants';
import { paths } from '@/config/paths';
import type { MapArea, MapShipmentPoint, MapViewport } from '@/components/map/map-types';
import { useExposureSummary } from '@/entities/exposure/exposure-summary';
import { PRIORITY_MAP_SIZE } from '@/entities/incident/incident-display';
import { useScopeState } from '@/lib/scope-state';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import type { ReadIncident } from '@/lib/readers';
import { useMemo, useState, type CSSProperties } from 'react';
import { useNavigate } from 'react-router';
import { useIncidentAreas, useIncidentMap } from '../api/get-incident-map';
import { useOrganizationCamera } from '../api/get-organization-center';
import { useExposedRoutes } from '../api/get-exposed-routes';
import { useMapSites } from '../api/get-map-sites';
import { useShipmentMap } from '../api/get-shipment-map';
import { useDescribeShipment } from '../api/get-shipment-map-details';
import { requestBbox } from '../utils/viewport-bbox';
import { AtlasToolbar, type AtlasFilter } from './AtlasToolbar';
import { EventsFeed } from './EventsFeed';
import { PriorityLegend } from './PriorityLegend';
import { SiteCard } from './SiteCard';
import { SiteStateLegend } from './SiteStateLegend';

const NO_INCIDENTS: readonly ReadIncident[] = [];
const NO_SHIPMENTS: readonly MapShipmentPoint[] = [];
const NO_AREAS: readonly MapArea[] = [];

const count = (value: number, noun: string) =>
  `${value.toLocaleString()} ${noun}${value === 1 ? '' : 's'}`;

function describe(
  filter: AtlasFilter,
  shipments: number,
  incidents: number,
  sites: number,
): string {
  switch (filter) {
    case 'all':
      return [
        count(shipments, 'shipment'),
        count(incidents, 'incident'),
        ...(sites > 0 ? [count(sites, 'site')] : []),
      ].join(' · ');
    case 'shipments':
      return count(shipments, 'shipment');
    case 'incidents':
      return count(incidents, 'incident');
    case 'suppliers':
      return sites === 0 ? 'No located sites yet' : count(sites, 'site');
  }
}

/** The world map of shipments and incidents with the events feed beside it (spec part 2). */
export function AtlasPage() {
  const [filter, setFilter] = useState<AtlasFilter>('all');
  const [scope, setScope] = useScopeState();
  const navigate = useNavigate();
  // Only the shipments around the view are loaded, once the map has rested after a move.
  const [view, setView] = useState<MapViewport | null>(null);
  const settledView = useDebouncedValue(view, MAP_VIEW_SETTLE_MS);
  const {
    documents,
    total: shipmentTotal,
    tag,
  } = useShipmentMap(scope, settledView ? requestBbox(settledView) : null);
  const describeShipment = useDescribeShipment(scope, tag);
  // Failures and unusable replies leave the feed and the map silently empty (spec part 8).
  const incidentMap = useIncidentMap(scope).data;
  const camera = useOrganizationCamera();
  const summary = useExposureSummary(scope).data;
  const exposure = summary?.counts;
  const sites = useMapSites();
  const routes = useExposedRoutes(scope);
  const [selectedSiteId, setSelectedSiteId] = useState<string | null>(null);
  const selectedSite = sites.find((site) => site.id === selectedSiteId) ?? null;
  // The reach of the incidents that touch something of the organization, shaded on the map.
  const exposedIncidentIds = useMemo(() => [...(exposure?.keys() ?? [])], [exposure]);
  // Each incident drawn larger the higher its priority for the organization.
  const priorities = summary?.priorities;
  const incidentSizes = useMemo(
    () =>
      new Map(
        [...(priorities ?? [])].map(([id, priority]) => [id, PRIORITY_MAP_SIZE[priority]] as const),
      ),
    [priorities],
  );
  const areas = useIncidentAreas(incidentMap, exposedIncidentIds);

  const showShipments = filter === 'all' || filter === 'shipments';
  const showIncidents = filter === 'all' || filter === 'incidents';
  const showSites = filter === 'all' || filter === 'suppliers';

  return (
    <div className="flex flex-1 flex-col">
      <AtlasToolbar
        filter={filter}
        onFilterChange={setFilter}
        scope={scope}
        onScopeChange={setScope}
        summary={describe(filter, shipmentTotal, incidentMap?.count ?? 0, sites.length)}
      />
      <div className="relative flex-1 lg:min-h-[480px]">
        <div className="flex flex-col lg:absolute lg:inset-0 lg:flex-row">
          <LazyMap
            label="World map of shipments and incidents"
            className="h-[55dvh] min-h-80 lg:h-auto lg:flex-1"
            shipments={documents ?? NO_SHIPMENTS}
            describeShipment={describeShipment}
            incidents={incidentMap?.documents ?? NO_INCIDENTS}
            areas={showIncidents ? areas : NO_AREAS}
            showShipments={showShipments}
            sites={sites}
            showSites={showSites}
            onSiteSelect={setSelectedSiteId}
            siteAssessments={summary?.siteStates}
            incidentSizes={incidentSizes}
            routes={routes}
            showIncidents={showIncidents}
            initialCamera={MAP_DEFAULT_VIEW}
            onViewChange={setView}
            target={camera}
            onIncidentSelect={(incidentId) =>
              void navigate(paths.eventShortcut.getHref(incidentId))
            }
          />
          {showIncidents || showSites ? (
            <div className="pointer-events-none absolute bottom-8 left-2 z-10 hidden max-w-[calc(100%-24rem)] flex-col items-start gap-2 lg:flex">
              {showSites && sites.length > 0 ? <SiteStateLegend /> : null}
              {showIncidents ? <PriorityLegend /> : null}
            </div>
          ) : null}
          {selectedSite ? (
            <SiteCard site={selectedSite} onClose={() => setSelectedSiteId(null)} />
          ) : null}
          <EventsFeed
            scope={scope}
            count={incidentMap?.count}
            exposure={exposure}
            style={{ '--feed-width': `${SIDE_PANEL_WIDTH_PX.feed}px` } as CSSProperties}
            className="h-[28rem] border-t border-border lg:h-auto lg:w-(--feed-width) lg:border-t-0 lg:border-l"
          />
        </div>
      </div>
    </div>
  );
}
