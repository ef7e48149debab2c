import { QueryState } from '@/components/QueryState';
import { SettingsFormFooter } from '@/components/settings/SettingsFormFooter';
import { SettingsSection } from '@/components/settings/SettingsSection';
import { Button } from '@/components/ui/Button';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { PRODUCT_NAME } from '@/config/constants';
import {
  useCurrencySettings,
  useSaveCurrencySettings,
} from '@/entities/organization/currency-settings';
import { zodResolver } from '@hookform/resolvers/zod';
import { CurrencySettings, EXCHANGE_RATES_MAX } from '@meridian/contracts';
import { Banknote, Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import * as WEB_MESSAGES from '@/config/messages';

type CurrencyFormValues = z.input<typeof CurrencySettings>;

/** A code as typed ("eur ") the way the server keeps it ("EUR"). */
const asCode = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : value);

function CurrencyForm({ settings, editable }: { settings: CurrencySettings; editable: boolean }) {
  const save = useSaveCurrencySettings();
  const form = useForm<CurrencyFormValues, unknown, CurrencySettings>({
    resolver: zodResolver(CurrencySettings),
    values: settings,
  });
  const rates = useFieldArray({ control: form.control, name: 'rates' });
  const errors = form.formState.errors;
  const disabled = !editable;
  // Codes as typed ("eur") are read as the server keeps them ("EUR").
  const own = (
    useWatch({ control: form.control, name: 'currency' }) || settings.currency
  ).toUpperCase();
  const typedRates = useWatch({ control: form.control, name: 'rates' });
  return (
    <form
      aria-label="Currency settings"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="flex flex-col gap-5"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Organization currency"
          hint="ISO 4217, e.g. EUR. Values at risk are counted in it."
          error={errors.currency?.message}
        >
          <Input
            maxLength={3}
            autoComplete="off"
            className="uppercase"
            disabled={disabled}
            {...form.register('currency', { setValueAs: asCode })}
          />
        </FormField>
        <FormField
          label="Rates as of"
          optional
          hint="The day the rates were taken, shown beside every conversion."
          error={errors.ratesAsOf?.message}
        >
          <Input
            type="date"
            disabled={disabled}
            {...form.register('ratesAsOf', {
              setValueAs: (value: unknown) => (value === '' ? null : value),
            })}
          />
        </FormField>
      </div>
      <fieldset className="flex flex-col gap-3" disabled={disabled}>
        <legend className="pb-2 text-sm font-semibold text-foreground">Exchange rates</legend>
        {rates.fields.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No exchange rates: values in other currencies are shown apart, not added in.
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {rates.fields.map((field, index) => {
              const error = errors.rates?.[index];
              const code = typedRates?.[index]?.currency?.toUpperCase() || 'the currency';
              return (
                <li key={field.id} className="flex flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-2 text-sm text-foreground">
                    <span>1</span>
                    <Input
                      aria-label={`Currency of rate ${index + 1}`}
                      aria-invalid={error?.currency ? true : undefined}
                      maxLength={3}
                      autoComplete="off"
                      placeholder="USD"
                      className="w-20 uppercase"
                      {...form.register(`rates.${index}.currency`, { setValueAs: asCode })}
                    />
                    <span aria-hidden="true">=</span>
                    <Input
                      aria-label={`Value of 1 ${code} in ${own}`}
                      aria-invalid={error?.rate ? true : undefined}
                      type="number"
                      step="any"
                      min="0"
                      inputMode="decimal"
                      className="w-36"
                      {...form.register(`rates.${index}.rate`, { valueAsNumber: true })}
                    />
                    <span>{own}</span>
                    {editable ? (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Remove the rate of ${code}`}
                        onClick={() => rates.remove(index)}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                      </Button>
                    ) : null}
                  </div>
                  {error?.currency?.message || error?.rate?.message ? (
                    <p className="text-sm text-danger-text">
                      {[error.currency?.message, error.rate?.message].filter(Boolean).join('. ')}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {editable && rates.fields.length < EXCHANGE_RATES_MAX ? (
          <div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => rates.append({ currency: '', rate: Number.NaN })}
            >
              <Plus aria-hidden="true" className="size-4" />
              Add rate
            </Button>
          </div>
        ) : null}
      </fieldset>
      <SettingsFormFooter
        dirty={form.formState.isDirty}
        saving={save.isPending}
        label="Save currency"
        readOnlyReason={editable ? undefined : WEB_MESSAGES.settings.adminOnly}
      />
    </form>
  );
}

/** The currency values are counted in, and the rates for the others (everyone reads; admins save). */
export function CurrencySection({ editable }: { editable: boolean }) {
  const settings = useCurrencySettings();
  return (
    <SettingsSection
      title="Currency"
      description={`The currency ${PRODUCT_NAME} counts values in, and what other currencies are worth in it.`}
      Icon={Banknote}
    >
      <QueryState query={settings} loadingLabel="Loading currency settings...">
        {(data) => <CurrencyForm settings={data} editable={editable} />}
      </QueryState>
    </SettingsSection>
  );
}
