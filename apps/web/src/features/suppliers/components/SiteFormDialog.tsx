import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { Spinner } from '@/components/ui/Spinner';
import type { Site, SiteInput, SiteUpdate, SiteValues } from '@meridian/contracts';
import { CRITICALITIES, SITE_KINDS } from '@meridian/contracts/constants';
import type { ComponentProps } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { toSiteInput } from '../import/convert';
import { type SiteFieldKey, LIST_SEPARATOR } from '../import/fields';
import { siteCells } from '../import/template';
import { CRITICALITY_LABELS, KIND_LABELS } from './site-labels';

type FormValues = Record<SiteFieldKey, string>;

const EMPTY: FormValues = {
  externalRef: '',
  name: '',
  kind: 'SUPPLIER',
  tier: '',
  criticality: 'MEDIUM',
  address: '',
  city: '',
  country: '',
  lat: '',
  lng: '',
  products: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  annualSpend: '',
  revenuePerDay: '',
  recoveryDays: '',
  currency: '',
};

/**
 * The contract's own schema checks the form, through the same conversion an imported row
 * takes: "Germany" or "DE", "1 250 000", products separated by semicolons.
 */
const resolver: Resolver<FormValues, unknown, SiteValues> = (values) => {
  const converted = toSiteInput(values);
  if (converted.value) return { values: converted.value, errors: {} };
  const errors: FieldErrors<FormValues> = {};
  for (const problem of converted.problems) {
    const field = problem.field as SiteFieldKey;
    errors[field] ??= { type: 'validate', message: problem.message };
  }
  return { values: {}, errors };
};

/** Which fields of the input a changed form field stands for. */
const INPUT_KEY: Record<SiteFieldKey, keyof SiteInput> = {
  externalRef: 'externalRef',
  name: 'name',
  kind: 'kind',
  tier: 'tier',
  criticality: 'criticality',
  address: 'address',
  city: 'city',
  country: 'countryCode',
  lat: 'location',
  lng: 'location',
  products: 'products',
  contactName: 'contact',
  contactEmail: 'contact',
  contactPhone: 'contact',
  annualSpend: 'annualSpend',
  revenuePerDay: 'revenuePerDay',
  recoveryDays: 'recoveryDays',
  currency: 'currency',
};

const TEXT_FIELDS: {
  name: SiteFieldKey;
  label: string;
  hint?: string;
  /** Across both columns. */
  wide?: boolean;
  input?: ComponentProps<'input'>;
}[] = [
  { name: 'address', label: 'Address', wide: true },
  { name: 'city', label: 'City' },
  { name: 'country', label: 'Country', hint: 'A two-letter code (DE) or the English name' },
  {
    name: 'lat',
    label: 'Latitude',
    hint: 'Leave both blank to locate the site from its address',
    input: { inputMode: 'decimal' },
  },
  { name: 'lng', label: 'Longitude', input: { inputMode: 'decimal' } },
  { name: 'products', label: 'Products', hint: `Separated by "${LIST_SEPARATOR}"`, wide: true },
  { name: 'contactName', label: 'Contact name', input: { autoComplete: 'off' } },
  { name: 'contactEmail', label: 'Contact e-mail', input: { type: 'email', autoComplete: 'off' } },
  { name: 'contactPhone', label: 'Contact phone', input: { type: 'tel', autoComplete: 'off' } },
  { name: 'annualSpend', label: 'Annual spend', input: { inputMode: 'decimal' } },
  {
    name: 'currency',
    label: 'Currency',
    hint: "ISO 4217, e.g. EUR; the organization's when blank",
    input: { maxLength: 3 },
  },
  {
    name: 'revenuePerDay',
    label: 'Revenue per day',
    hint: 'The revenue that stops while the site is down',
    input: { inputMode: 'decimal' },
  },
  {
    name: 'recoveryDays',
    label: 'Recovery days',
    hint: 'Days it needs to recover from a disruption',
    input: { inputMode: 'numeric' },
  },
];

const NO_TIER = 'none';
const KIND_OPTIONS = SITE_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }));
const CRITICALITY_OPTIONS = CRITICALITIES.map((value) => ({
  value,
  label: CRITICALITY_LABELS[value],
}));
const TIER_OPTIONS = [
  { value: NO_TIER, label: 'No tier' },
  ...['1', '2', '3'].map((value) => ({ value, label: `Tier ${value}` })),
];

/** Add a site, or edit one (only the fields that changed are sent). */
export function SiteFormDialog({
  open,
  onOpenChange,
  site,
  pending,
  error,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  site?: Site;
  pending: boolean;
  error: string | null;
  onSubmit: (input: SiteInput | SiteUpdate) => void;
}) {
  const form = useForm<FormValues, unknown, SiteValues>({
    resolver,
    defaultValues: site ? siteCells(site) : EMPTY,
    reValidateMode: 'onSubmit',
  });
  const { errors, dirtyFields } = form.formState;

  const submit = form.handleSubmit((input) => {
    if (!site) {
      onSubmit(input);
      return;
    }
    const changed = new Set(
      (Object.keys(dirtyFields) as SiteFieldKey[]).map((field) => INPUT_KEY[field]),
    );
    // A new address with the old coordinates is located again from the address.
    const addressChanged = ['address', 'city', 'countryCode'].some((key) =>
      changed.has(key as keyof SiteInput),
    );
    if (addressChanged && !dirtyFields.lat && !dirtyFields.lng) changed.delete('location');
    const change: Record<string, unknown> = {};
    for (const key of changed) change[key] = input[key] ?? null;
    if (changed.has('location') && !input.location) delete change.location;
    onSubmit(change);
  });

  const close = (next: boolean) => {
    if (!next) form.reset(site ? siteCells(site) : EMPTY);
    onOpenChange(next);
  };

  const text = (field: (typeof TEXT_FIELDS)[number]) => (
    <div key={field.name} className={field.wide ? 'sm:col-span-2' : undefined}>
      <FormField label={field.label} optional hint={field.hint} error={errors[field.name]?.message}>
        <Input
          {...field.input}
          {...form.register(field.name, { onChange: () => form.clearErrors(field.name) })}
        />
      </FormField>
    </div>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      size="lg"
      title={site ? `Edit ${site.name}` : 'Add a site'}
      description="A supplier, facility, warehouse, port or customer. Without coordinates it is located from its address."
    >
      <form
        noValidate
        aria-label="Site"
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
      >
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Name" error={errors.name?.message}>
            <Input
              required
              autoComplete="organization"
              {...form.register('name', { onChange: () => form.clearErrors('name') })}
            />
          </FormField>
          <FormField
            label="External reference"
            optional
            hint="Your own key, e.g. the ERP vendor number"
            error={errors.externalRef?.message}
          >
            <Input
              {...form.register('externalRef', { onChange: () => form.clearErrors('externalRef') })}
            />
          </FormField>
          <div className="flex flex-col gap-1.5">
            <span aria-hidden="true" className="text-sm font-medium">
              Kind
            </span>
            <Controller
              control={form.control}
              name="kind"
              render={({ field }) => (
                <Select
                  label="Kind"
                  value={field.value}
                  onValueChange={field.onChange}
                  options={KIND_OPTIONS}
                  className="h-10 w-full"
                />
              )}
            />
          </div>
          <div className="grid grid-cols-2 gap-4">
            <div className="flex flex-col gap-1.5">
              <span aria-hidden="true" className="text-sm font-medium">
                Criticality
              </span>
              <Controller
                control={form.control}
                name="criticality"
                render={({ field }) => (
                  <Select
                    label="Criticality"
                    value={field.value}
                    onValueChange={field.onChange}
                    options={CRITICALITY_OPTIONS}
                    className="h-10 w-full"
                  />
                )}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <span aria-hidden="true" className="text-sm font-medium">
                Tier
              </span>
              <Controller
                control={form.control}
                name="tier"
                render={({ field }) => (
                  <Select
                    label="Tier"
                    value={field.value || NO_TIER}
                    onValueChange={(value) => field.onChange(value === NO_TIER ? '' : value)}
                    options={TIER_OPTIONS}
                    className="h-10 w-full"
                  />
                )}
              />
            </div>
          </div>
          {TEXT_FIELDS.map(text)}
        </div>
        <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner className="size-4" /> : null}
            {site ? 'Save changes' : 'Add site'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
