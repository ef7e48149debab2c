import { PRIORITY_MAP_SIZE } from '@/entities/incident/incident-display';
import { cn } from '@/utils/cn';
import { MapLegend } from './MapLegend';
import { NOT_EXPOSED, PRIORITIES } from '@meridian/contracts/constants';

/** The incident circle's radius at the world view (zoom 4), as the map draws it. */
const BASE_RADIUS_PX = 6.5;

const ENTRIES = [
  ...PRIORITIES.map((priority) => ({ label: priority, size: PRIORITY_MAP_SIZE[priority] })),
  { label: NOT_EXPOSED, size: 1 },
];

/**
 * What an incident's size on Atlas says: the larger, the higher its priority for the
 * organization (its colour stays its severity).
 */
export function PriorityLegend({ className }: { className?: string }) {
  return (
    <MapLegend
      label="Incident size by priority"
      caption="Priority"
      className={cn('flex items-end gap-3', className)}
    >
      {ENTRIES.map(({ label, size }) => (
        <span key={label} className="flex flex-col items-center gap-1">
          <span
            aria-hidden="true"
            className="rounded-full border border-white bg-slate-500 dark:border-slate-200"
            style={{ width: BASE_RADIUS_PX * size * 2, height: BASE_RADIUS_PX * size * 2 }}
          />
          {label}
        </span>
      ))}
    </MapLegend>
  );
}
