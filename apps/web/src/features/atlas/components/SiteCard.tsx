import { SiteExposure } from '@/components/SiteExposure';
import { Button } from '@/components/ui/Button';
import type { MapSite } from '@meridian/contracts';
import { X } from 'lucide-react';

/** A supplier clicked on the map: what it is, and the incidents reaching it now. */
export function SiteCard({ site, onClose }: { site: MapSite; onClose: () => void }) {
  return (
    <section
      aria-label={`Site ${site.name}`}
      className="absolute bottom-3 left-3 z-10 flex max-h-[60%] w-[min(24rem,calc(100%-1.5rem))] flex-col gap-2 overflow-y-auto rounded-lg border border-border bg-surface p-4 shadow-lg"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-foreground">{site.name}</h2>
          <p className="text-xs text-muted-foreground">
            {site.kind.replace('_', ' ').toLowerCase()} · {site.criticality.toLowerCase()}{' '}
            criticality
          </p>
        </div>
        <Button variant="ghost" size="icon" aria-label="Close" onClick={onClose}>
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <SiteExposure siteId={site.id} siteName={site.name} />
    </section>
  );
}
