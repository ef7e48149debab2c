import { LazyMap } from '@/components/map/LazyMap';
import { MAP_DEFAULT_VIEW, SIDE_PANEL_WIDTH_PX } from '@/config/constants';
import { paths } from '@/config/paths';
import { useIncidents } from '@/lib/incidents-api';
import { useScopeState } from '@/lib/scope-state';
import type { Incident } from '@meridian/contracts';
import { useState, type CSSProperties } from 'react';
import { useNavigate } from 'react-router';
import { useOrganizationCamera } from '../api/get-organization-center';
import { useShipments } from '../api/get-shipments';
import { AtlasToolbar, type AtlasFilter } from './AtlasToolbar';
import { EventsFeed } from './EventsFeed';

const NO_INCIDENTS: readonly Incident[] = [];

const count = (value: number, noun: string) =>
  `${value.toLocaleString()} ${noun}${value === 1 ? '' : 's'}`;

function describe(filter: AtlasFilter, shipments: number, incidents: number): string {
  switch (filter) {
    case 'all':
      return `${count(shipments, 'shipment')} · ${count(incidents, 'incident')}`;
    case 'shipments':
      return count(shipments, 'shipment');
    case 'incidents':
      return count(incidents, 'incident');
    case 'suppliers':
      return 'No supplier data yet';
  }
}

/** The world map of shipments and incidents with the events feed beside it (spec part 2). */
export function AtlasPage() {
  const [filter, setFilter] = useState<AtlasFilter>('all');
  const [scope, setScope] = useScopeState();
  const navigate = useNavigate();
  const shipments = useShipments(scope);
  const incidentsQuery = useIncidents(scope);
  // Failures and unusable replies leave the feed and the map silently empty (spec part 8).
  const incidents =
    incidentsQuery.data?.kind === 'incidents' ? incidentsQuery.data.incidents : NO_INCIDENTS;
  const camera = useOrganizationCamera();

  const showShipments = filter === 'all' || filter === 'shipments';
  const showIncidents = filter === 'all' || filter === 'incidents';

  return (
    <div className="flex flex-1 flex-col">
      <AtlasToolbar
        filter={filter}
        onFilterChange={setFilter}
        scope={scope}
        onScopeChange={setScope}
        summary={describe(filter, shipments.length, incidents.length)}
      />
      <div className="relative flex-1 lg:min-h-[480px]">
        <div className="flex flex-col lg:absolute lg:inset-0 lg:flex-row">
          <LazyMap
            label="World map of shipments and incidents"
            className="h-[55dvh] min-h-80 lg:h-auto lg:flex-1"
            shipments={shipments}
            incidents={incidents}
            showShipments={showShipments}
            showIncidents={showIncidents}
            initialCamera={MAP_DEFAULT_VIEW}
            target={camera}
            onIncidentSelect={(incidentId) =>
              void navigate(paths.eventShortcut.getHref(incidentId))
            }
          />
          <EventsFeed
            incidents={incidents}
            loading={incidentsQuery.isPending}
            style={{ '--feed-width': `${SIDE_PANEL_WIDTH_PX.feed}px` } as CSSProperties}
            className="h-[28rem] border-t border-border lg:h-auto lg:w-(--feed-width) lg:border-t-0 lg:border-l"
          />
        </div>
      </div>
    </div>
  );
}
