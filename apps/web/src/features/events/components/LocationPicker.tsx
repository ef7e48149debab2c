import { LazyMap } from '@/components/map/LazyMap';
import type { MapPoint } from '@/components/map/map-types';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Spinner } from '@/components/ui/Spinner';
import { Switch } from '@/components/ui/Switch';
import { searchPlaces } from '@/entities/place/places-api';
import { affectedArea } from '@/entities/incident/incident-area';
import type { Incident, PlaceCandidate, Severity } from '@meridian/contracts';
import { Anchor, Building2, MapPin, Plane, Search, Waves, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';

const WORLD = { lat: 20, lng: 0, zoom: 1.5 };
const PLACE_ZOOM = 6;

const rounded = (value: number) => Math.round(value * 10_000) / 10_000;

const KIND_LABELS: Record<PlaceCandidate['kind'], string> = {
  PORT: 'Port',
  AIRPORT: 'Airport',
  CITY: 'City',
  WATERWAY: 'Waterway',
};
const KIND_ICONS = { PORT: Anchor, AIRPORT: Plane, CITY: Building2, WATERWAY: Waves } as const;

/** "Port Klang (MYPKG), Malaysia": a chosen place as the form states it. */
const placeLabel = (place: PlaceCandidate) =>
  `${place.name}${place.locode ? ` (${place.locode})` : ''}, ${place.country}`;

/**
 * Where an incident is: a port, airport or city found by name or UN/LOCODE (a pick list when
 * the name means several), or a point clicked on the map; or, said outright, no single place.
 * The affected radius is drawn around the point, so the reach is visible before saving.
 */
export function LocationPicker({
  value,
  onChange,
  noPlace,
  onNoPlaceChange,
  error,
  severity,
  radiusKm,
}: {
  value: MapPoint | null;
  onChange: (point: MapPoint | null) => void;
  /** The incident has no single place (country-wide, global): no area, so nothing is matched. */
  noPlace: boolean;
  onNoPlaceChange: (noPlace: boolean) => void;
  /** The form's own complaint, e.g. that neither a place nor "no single place" was chosen. */
  error?: string | null;
  severity: Severity;
  radiusKm: number;
}) {
  const [search, setSearch] = useState('');
  const [searching, setSearching] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [target, setTarget] = useState<(MapPoint & { zoom: number }) | null>(null);
  /** The places the last search found, while the user chooses one. */
  const [choices, setChoices] = useState<{ query: string; places: PlaceCandidate[] } | null>(null);
  /** What the chosen point is called, when it came from a search. */
  const [named, setNamed] = useState<{ point: MapPoint; label: string } | null>(null);
  const choicesId = useId();

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

  const choose = (place: PlaceCandidate) => {
    const point = { lat: rounded(place.lat), lng: rounded(place.lng) };
    onChange(point);
    setNamed({ point, label: placeLabel(place) });
    setTarget({ lat: place.lat, lng: place.lng, zoom: PLACE_ZOOM });
    setChoices(null);
  };

  const find = async () => {
    const query = search.trim();
    if (!query) return;
    setSearching(true);
    setProblem(null);
    setChoices(null);
    try {
      const places = await searchPlaces(query);
      const [only] = places;
      if (places.length === 1 && only) choose(only);
      else if (places.length === 0) {
        setProblem(`No place called "${query}": try a UN/LOCODE such as MYPKG, or click the map`);
      } else setChoices({ query, places });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Places could not be searched');
    } finally {
      setSearching(false);
    }
  };

  const pointLabel = value ? `${value.lat.toFixed(4)}, ${value.lng.toFixed(4)}` : null;
  const chosenName =
    value && named && named.point.lat === value.lat && named.point.lng === value.lng
      ? named.label
      : null;

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-foreground">Location</legend>
      <div className="flex gap-2">
        <Input
          aria-label="Find a place"
          placeholder="Port, airport, city or UN/LOCODE"
          value={search}
          disabled={noPlace}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void find();
            }
          }}
        />
        <Button variant="secondary" onClick={() => void find()} disabled={searching || noPlace}>
          {searching ? (
            <Spinner className="size-4" />
          ) : (
            <Search aria-hidden="true" className="size-4" />
          )}
          Find
        </Button>
      </div>
      {problem ? <p className="text-sm text-danger-text">{problem}</p> : null}
      {choices ? (
        <div className="flex flex-col gap-1.5 rounded-md border border-border bg-surface p-2">
          <p id={choicesId} className="px-1 text-sm font-medium text-foreground">
            {`${choices.places.length} places are called "${choices.query}": choose one`}
          </p>
          <ul aria-labelledby={choicesId} className="flex flex-col">
            {choices.places.map((place) => {
              const Icon = KIND_ICONS[place.kind];
              return (
                <li key={`${place.kind}-${place.locode ?? ''}-${place.lat}-${place.lng}`}>
                  <button
                    type="button"
                    onClick={() => choose(place)}
                    className="flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                    <span className="font-medium text-foreground">{place.name}</span>
                    <span className="text-muted-foreground">
                      {[KIND_LABELS[place.kind], place.country, place.locode]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      <LazyMap
        label="Incident location: click the map to place it"
        className="h-56 rounded-md border border-border"
        shipments={[]}
        incidents={pin}
        areas={areas}
        initialCamera={value ? { ...value, zoom: PLACE_ZOOM } : WORLD}
        target={target}
        onMapClick={(point) => {
          if (noPlace) return;
          setChoices(null);
          onChange({ lat: rounded(point.lat), lng: rounded(point.lng) });
        }}
      />
      <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-1.5" aria-live="polite">
          <MapPin aria-hidden="true" className="size-4" />
          {chosenName ? (
            <span>
              <span className="font-medium text-foreground">{chosenName}</span>
              {` · ${pointLabel}`}
            </span>
          ) : (
            (pointLabel ??
            (noPlace
              ? 'No single place: no area, so no site or shipment is matched'
              : 'No location: find a place, click the map, or choose "No single place"'))
          )}
        </span>
        {value ? (
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            <X aria-hidden="true" className="size-4" />
            Clear
          </Button>
        ) : null}
      </div>
      <label className="flex items-center justify-between gap-3 rounded-md border border-border px-3 py-2 text-sm">
        <span>
          <span className="font-medium">No single place</span>
          <span className="block text-muted-foreground">
            Country-wide or global: alerts go out, but no site or shipment is matched
          </span>
        </span>
        <Switch
          aria-label="No single place"
          checked={noPlace}
          onCheckedChange={(checked) => {
            if (checked) {
              onChange(null);
              setChoices(null);
            }
            onNoPlaceChange(checked);
          }}
        />
      </label>
      {error ? (
        <p role="alert" className="text-sm text-danger-text">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
