import { SITE_COLOR, SITE_STATE_COLORS } from '@/components/map/map-layers';
import { cn } from '@/utils/cn';
import { MapLegend } from './MapLegend';
import { ASSESSMENT_ATTENTION, ASSESSMENT_STATE_LABELS } from '@meridian/contracts/constants';

const ENTRIES = [
  ...ASSESSMENT_ATTENTION.map((state) => ({
    label: ASSESSMENT_STATE_LABELS[state],
    color: SITE_STATE_COLORS[state],
  })),
  { label: 'Not exposed', color: SITE_COLOR },
];

/**
 * What a site's colour on Atlas says: an exposed site's assessment (the one needing most
 * attention where several incidents reach it), or that no incident reaches it.
 */
export function SiteStateLegend({ className }: { className?: string }) {
  return (
    <MapLegend
      label="Site colour by assessment"
      caption="Sites"
      className={cn('flex flex-wrap items-center gap-x-3 gap-y-1', className)}
    >
      {ENTRIES.map(({ label, color }) => (
        <span key={label} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="size-3 rounded-full border-2 border-white dark:border-slate-200"
            style={{ backgroundColor: color }}
          />
          {label}
        </span>
      ))}
    </MapLegend>
  );
}
