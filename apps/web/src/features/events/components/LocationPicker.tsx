import { LazyMap } from '@/components/map/LazyMap';
import type { MapPoint } from '@/components/map/map-types';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Spinner } from '@/components/ui/Spinner';
import { geocode } from '@/lib/geocode';
import { affectedArea } from '@/entities/incident/incident-area';
import type { Incident, Severity } from '@meridian/contracts';
import { MapPin, Search, X } from 'lucide-react';
import { useMemo, useState } from 'react';

const WORLD = { lat: 20, lng: 0, zoom: 1.5 };
const PLACE_ZOOM = 6;

const rounded = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * Where an incident is: found by name (the gazetteer), or clicked on the map. The affected
 * radius is drawn around the point, so the reach is visible before saving.
 */
export function LocationPicker({
  value,
  onChange,
  severity,
  radiusKm,
}: {
  value: MapPoint | null;
  onChange: (point: MapPoint | null) => void;
  severity: Severity;
  radiusKm: number;
}) {
  const [search, setSearch] = useState('');
  const [searching, setSearching] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [target, setTarget] = useState<(MapPoint & { zoom: number }) | null>(null);

  const pin = useMemo((): Incident[] => {
    if (!value) return [];
    return [
      {
        id: 'new-incident',
        organizationId: null,
        title: 'New incident',
        description: null,
        severity,
        status: 'OPEN',
        location: { ...value, countryCode: null },
        updatedAt: new Date(0).toISOString(),
      },
    ];
  }, [value, severity]);
  const areas = useMemo(() => {
    const area = value
      ? affectedArea({
          id: 'new-incident',
          severity,
          area: null,
          location: { ...value, countryCode: null },
          affectedRadiusKm: radiusKm,
        })
      : null;
    return area ? [area] : [];
  }, [value, severity, radiusKm]);

  const find = async () => {
    if (!search.trim()) return;
    setSearching(true);
    setProblem(null);
    try {
      const point = await geocode(search.trim());
      onChange({ lat: rounded(point.lat), lng: rounded(point.lng) });
      setTarget({ ...point, zoom: PLACE_ZOOM });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Place not found');
    } finally {
      setSearching(false);
    }
  };

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-foreground">Location</legend>
      <div className="flex gap-2">
        <Input
          aria-label="Find a place"
          placeholder="City, port or country"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void find();
            }
          }}
        />
        <Button variant="secondary" onClick={() => void find()} disabled={searching}>
          {searching ? (
            <Spinner className="size-4" />
          ) : (
            <Search aria-hidden="true" className="size-4" />
          )}
          Find
        </Button>
      </div>
      {problem ? <p className="text-sm text-danger-text">{problem}</p> : null}
      <LazyMap
        label="Incident location: click the map to place it"
        className="h-56 rounded-md border border-border"
        shipments={[]}
        incidents={pin}
        areas={areas}
        initialCamera={value ? { ...value, zoom: PLACE_ZOOM } : WORLD}
        target={target}
        onMapClick={(point) => onChange({ lat: rounded(point.lat), lng: rounded(point.lng) })}
      />
      <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-1.5" aria-live="polite">
          <MapPin aria-hidden="true" className="size-4" />
          {value
            ? `${value.lat.toFixed(4)}, ${value.lng.toFixed(4)}`
            : 'No location: click the map or find a place'}
        </span>
        {value ? (
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            <X aria-hidden="true" className="size-4" />
            Clear
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}
