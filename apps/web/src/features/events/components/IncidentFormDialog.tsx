import type { MapPoint } from '@/components/map/map-types';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { Spinner } from '@/components/ui/Spinner';
import { Switch } from '@/components/ui/Switch';
import { fromLocalInput, toLocalInput } from '@/utils/datetime-local';
import {
  INCIDENT_LIMITS,
  type IncidentCreate,
  type IncidentDetail,
  type IncidentType,
  type Severity,
} from '@meridian/contracts';
import {
  INCIDENT_TYPES,
  INCIDENT_TYPE_LABELS,
  SEVERITIES,
  defaultAffectedRadiusKm,
} from '@meridian/contracts/constants';
import { useState, type FormEvent } from 'react';
import { LocationPicker } from './LocationPicker';

type Draft = {
  title: string;
  description: string;
  severity: Severity;
  type: IncidentType;
  location: MapPoint | null;
  /** Said outright: the incident has no single place (else a location is required). */
  noPlace: boolean;
  /** Empty: the default radius of the type and severity. */
  radius: string;
  startsAt: string;
  endsAt: string;
  global: boolean;
};

const draftOf = (incident?: IncidentDetail): Draft => {
  const type = incident?.type ?? 'OTHER';
  const severity = incident?.severity ?? 'MEDIUM';
  const radius = incident?.affectedRadiusKm;
  return {
    title: incident?.title ?? '',
    description: incident?.description ?? '',
    severity,
    type,
    location: incident?.location
      ? { lat: incident.location.lat, lng: incident.location.lng }
      : null,
    noPlace: Boolean(incident && !incident.location),
    radius:
      radius !== undefined && radius !== defaultAffectedRadiusKm(type, severity)
        ? String(radius)
        : '',
    startsAt: toLocalInput(incident?.startsAt ?? new Date().toISOString()),
    endsAt: toLocalInput(incident?.endsAt),
    global: false,
  };
};

const PLACE_REQUIRED = 'Choose where it is, or "No single place" when it has none';

const SEVERITY_OPTIONS = SEVERITIES.map((value) => ({ value, label: value }));
const TYPE_OPTIONS = INCIDENT_TYPES.map((value) => ({ value, label: INCIDENT_TYPE_LABELS[value] }));

/**
 * The incident form, for a new incident ("New incident") or to edit one: what happened, how bad,
 * where (map or place search) and how far it reaches, and when.
 */
export function IncidentFormDialog({
  open,
  onOpenChange,
  incident,
  allowGlobal = false,
  pending,
  error,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Editing this incident; a new one when absent. */
  incident?: IncidentDetail;
  allowGlobal?: boolean;
  pending: boolean;
  error: string | null;
  onSubmit: (values: IncidentCreate) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(incident));
  const [titleError, setTitleError] = useState<string | null>(null);
  const [placeError, setPlaceError] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const defaultRadius = defaultAffectedRadiusKm(draft.type, draft.severity);
  const radius = Number(draft.radius) > 0 ? Number(draft.radius) : defaultRadius;

  const close = (next: boolean) => {
    if (!next) {
      setDraft(draftOf(incident));
      setTitleError(null);
      setPlaceError(null);
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missingPlace = !draft.location && !draft.noPlace;
    if (missingPlace) setPlaceError(PLACE_REQUIRED);
    if (!draft.title.trim()) setTitleError('Title is required');
    if (!draft.title.trim() || missingPlace) return;
    // Editing sends only what changed, so the timeline records only real changes.
    const initial = draftOf(incident);
    const changed = (key: keyof Draft) =>
      !incident || JSON.stringify(draft[key]) !== JSON.stringify(initial[key]);
    const startsAt = fromLocalInput(draft.startsAt);
    onSubmit({
      title: draft.title.trim(),
      ...(changed('description') ? { description: draft.description.trim() || null } : {}),
      severity: draft.severity,
      ...(changed('type') ? { type: draft.type } : {}),
      ...(changed('location')
        ? { location: draft.location ? { ...draft.location, countryCode: null } : null }
        : {}),
      ...(changed('radius') && draft.radius ? { affectedRadiusKm: radius } : {}),
      ...(changed('startsAt') && startsAt ? { startsAt } : {}),
      ...(changed('endsAt') ? { endsAt: fromLocalInput(draft.endsAt) } : {}),
      ...(draft.global ? { scope: 'GLOBAL' as const } : {}),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={incident ? 'Edit incident' : 'New incident'}
      description={
        incident
          ? 'Every change is kept on the timeline.'
          : 'Record a disruption: your team sees it at once, on the map and in the list.'
      }
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-label="Incident">
        {error ? <Alert tone="error">{error}</Alert> : null}
        <FormField label="Title" error={titleError ?? undefined}>
          <Input
            required
            maxLength={INCIDENT_LIMITS.title}
            value={draft.title}
            onChange={(event) => {
              set('title', event.target.value);
              setTitleError(null);
            }}
          />
        </FormField>
        <FormField label="Description" optional>
          <textarea
            rows={3}
            maxLength={INCIDENT_LIMITS.description}
            value={draft.description}
            onChange={(event) => set('description', event.target.value)}
            className="rounded-md border border-input bg-surface px-3 py-2 text-sm text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <span aria-hidden="true" className="text-sm font-medium">
              Severity
            </span>
            <Select
              label="Severity"
              value={draft.severity}
              onValueChange={(value) => set('severity', value as Severity)}
              options={SEVERITY_OPTIONS}
              className="h-10 w-full"
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <span aria-hidden="true" className="text-sm font-medium">
              Type
            </span>
            <Select
              label="Type"
              value={draft.type}
              onValueChange={(value) => set('type', value as IncidentType)}
              options={TYPE_OPTIONS}
              className="h-10 w-full"
            />
          </div>
        </div>
        <LocationPicker
          value={draft.location}
          onChange={(point) => {
            set('location', point);
            if (point) {
              set('noPlace', false);
              setPlaceError(null);
            }
          }}
          noPlace={draft.noPlace}
          onNoPlaceChange={(noPlace) => {
            set('noPlace', noPlace);
            if (noPlace) setPlaceError(null);
          }}
          error={placeError}
          severity={draft.severity}
          radiusKm={radius}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField
            label="Affected radius (km)"
            hint={`Default ${defaultRadius} km for this type and severity`}
          >
            <Input
              type="number"
              min={1}
              max={INCIDENT_LIMITS.radiusMaxKm}
              placeholder={String(defaultRadius)}
              value={draft.radius}
              onChange={(event) => set('radius', event.target.value)}
            />
          </FormField>
          <FormField label="Starts">
            <Input
              type="datetime-local"
              value={draft.startsAt}
              onChange={(event) => set('startsAt', event.target.value)}
            />
          </FormField>
          <FormField label="Ends" optional>
            <Input
              type="datetime-local"
              value={draft.endsAt}
              onChange={(event) => set('endsAt', event.target.value)}
            />
          </FormField>
        </div>
        {allowGlobal && !incident ? (
          <label className="flex items-center justify-between gap-3 rounded-md border border-border px-3 py-2 text-sm">
            <span>
              <span className="font-medium">Global incident</span>
              <span className="block text-muted-foreground">
                Seen by every organization (platform staff only)
              </span>
            </span>
            <Switch
              aria-label="Global incident"
              checked={draft.global}
              onCheckedChange={(checked) => set('global', checked)}
            />
          </label>
        ) : null}
        <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner className="size-4" /> : null}
            {incident ? 'Save changes' : 'Create incident'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
