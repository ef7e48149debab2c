import * as WEB_MESSAGES from '@/config/messages';
import { usePublicConfig } from '@/lib/public-config';
import { useTheme } from '@/lib/theme';
import { cn } from '@/utils/cn';
import { MapIcon, MapPinOff } from 'lucide-react';
import { useEffect, useState, type ComponentType } from 'react';
import { loadMapView } from './load-map-view';
import type { MapContentProps, MapViewProps } from './map-types';

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; MapView: ComponentType<MapViewProps> }
  | { status: 'unavailable' };

/**
 * A MapLibre map of shipments and incidents, loaded on demand so that pages without a map never
 * download MapLibre. Shows "Map unavailable" when the code or WebGL cannot be loaded.
 */
export function LazyMap(props: MapContentProps & { fallback?: string }) {
  const { fallback, ...content } = props;
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const { resolvedTheme } = useTheme();
  const config = usePublicConfig();

  useEffect(() => {
    let active = true;
    loadMapView().then(
      (module) => active && setState({ status: 'ready', MapView: module.MapView }),
      () => active && setState({ status: 'unavailable' }),
    );
    return () => {
      active = false;
    };
  }, []);

  const frame = cn('relative overflow-hidden bg-surface-muted', content.className);

  if (state.status === 'unavailable') {
    return (
      <div
        role="status"
        className={cn(frame, 'flex flex-col items-center justify-center gap-2 p-6 text-center')}
      >
        <MapPinOff aria-hidden="true" className="size-6 text-muted-foreground" />
        <p className="text-sm font-medium text-foreground">{WEB_MESSAGES.common.mapUnavailable}</p>
        {fallback ? <p className="text-xs text-muted-foreground">{fallback}</p> : null}
      </div>
    );
  }
  // The style choice must be known before the map starts; a failed config means the offline one.
  // A still placeholder, not a spinner: a spinning icon keeps the compositor drawing a frame per
  // display refresh, and those frames share the GPU thread that the map's WebGL start waits on
  // (in software WebGL that delayed the first drawn map by about a second; docs/benchmarks.md).
  if (state.status === 'loading' || config.isPending) {
    return (
      <div role="status" className={cn(frame, 'flex items-center justify-center gap-2')}>
        <MapIcon aria-hidden="true" className="size-5 text-muted-foreground" />
        <span className="text-sm text-muted-foreground">Loading map...</span>
      </div>
    );
  }
  return (
    <state.MapView
      {...content}
      theme={resolvedTheme}
      styleUrl={config.data?.mapStyleUrl ?? null}
      onUnavailable={() => setState({ status: 'unavailable' })}
    />
  );
}
