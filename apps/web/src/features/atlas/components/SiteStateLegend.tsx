import { SITE_COLOR, SITE_STATE_COLORS } from '@/components/map/map-layers';
import { cn } from '@/utils/cn';
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
    <figure
      aria-label="Site colour by assessment"
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-border bg-surface/90 px-3 py-2 text-xs text-foreground shadow-sm backdrop-blur',
        className,
      )}
    >
      <figcaption className="font-medium text-muted-foreground">Sites</figcaption>
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
    </figure>
  );
}
