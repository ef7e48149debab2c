import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { SectionSpinner, Spinner } from '@/components/ui/Spinner';
import { Textarea } from '@/components/ui/Textarea';
import { PRODUCT_NAME } from '@/config/constants';
import { ASSESSMENT_LIMITS, type SupplierRequestView } from '@meridian/contracts';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/AuthLayout';
import { useAnswerSupplierRequest, useSupplierRequest } from '../api/supplier-request';
import * as WEB_MESSAGES from '@/config/messages';

type FormValues = {
  affected: '' | 'yes' | 'no';
  capacityPct: string;
  expectedRecoveryOn: string;
  notes: string;
};

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const dayFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** Where the incident is, in words a supplier reads: its country, else its coordinates. */
function placeOf(incident: SupplierRequestView['incident']): string {
  if (incident.countryCode) return regionNames.of(incident.countryCode) ?? incident.countryCode;
  if (incident.lat !== null && incident.lng !== null) {
    return `${incident.lat.toFixed(2)}, ${incident.lng.toFixed(2)}`;
  }
  return 'No single place';
}

function datesOf(incident: SupplierRequestView['incident']): string {
  const start = dayFormat.format(new Date(incident.startsAt));
  return incident.endsAt
    ? `${start} to ${dayFormat.format(new Date(incident.endsAt))}`
    : `Since ${start}`;
}

function AnswerForm({ token, request }: { token: string; request: SupplierRequestView }) {
  const send = useAnswerSupplierRequest(token);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const answer = request.answer;
  const form = useForm<FormValues>({
    defaultValues: {
      affected: answer ? (answer.affected ? 'yes' : 'no') : '',
      capacityPct: answer?.capacityPct?.toString() ?? '',
      expectedRecoveryOn: answer?.expectedRecoveryOn ?? '',
      notes: answer?.notes ?? '',
    },
  });
  const { errors } = form.formState;
  const affected = useWatch({ control: form.control, name: 'affected' }) === 'yes';

  const onSubmit = form.handleSubmit(async (values) => {
    setOutcome(null);
    const capacity = values.capacityPct.trim();
    const hit = values.affected === 'yes';
    try {
      const reply = await send.mutateAsync({
        affected: hit,
        capacityPct: hit && capacity !== '' ? Number(capacity) : null,
        expectedRecoveryOn: hit && values.expectedRecoveryOn ? values.expectedRecoveryOn : null,
        notes: values.notes.trim() || null,
      });
      setOutcome({ tone: 'success', text: reply.message });
    } catch (failure) {
      setOutcome({
        tone: 'error',
        text: failure instanceof Error ? failure.message : WEB_MESSAGES.supplierResponse.sendFailed,
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Your answer">
      {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
      <fieldset className="flex flex-col gap-2" aria-describedby="affected-error">
        <legend className="mb-1 text-sm font-medium wrap-anywhere text-foreground">
          Is {request.site.name} affected?
        </legend>
        <div className="flex gap-6">
          {(
            [
              ['yes', 'Yes, it is affected'],
              ['no', 'No, not affected'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm text-foreground">
              <input
                type="radio"
                value={value}
                className="size-4 accent-primary"
                {...form.register('affected', {
                  required: WEB_MESSAGES.supplierResponse.affectedRequired,
                })}
              />
              {label}
            </label>
          ))}
        </div>
        {errors.affected ? (
          <p id="affected-error" role="alert" className="text-sm text-danger-text">
            {errors.affected.message}
          </p>
        ) : null}
      </fieldset>
      {affected ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Capacity available (%)"
            optional
            error={errors.capacityPct?.message}
            hint="How much of its usual output the site can still deliver."
          >
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              {...form.register('capacityPct', {
                validate: (text) =>
                  text.trim() === '' ||
                  (/^\d+$/.test(text.trim()) && Number(text) <= 100) ||
                  WEB_MESSAGES.supplierResponse.capacityRange,
              })}
            />
          </FormField>
          <FormField label="Expected recovery date" optional>
            <Input type="date" {...form.register('expectedRecoveryOn')} />
          </FormField>
        </div>
      ) : null}
      <FormField label="Anything we should know?" optional>
        <Textarea rows={4} maxLength={ASSESSMENT_LIMITS.notes} {...form.register('notes')} />
      </FormField>
      <Button type="submit" disabled={send.isPending} className="w-full">
        {send.isPending ? <Spinner className="size-4" /> : null}
        {answer ? 'Update answer' : 'Send answer'}
      </Button>
      <p className="text-xs text-muted-foreground">
        You can change your answer until {dayFormat.format(new Date(request.expiresAt))}.
      </p>
    </form>
  );
}

/**
 * The page a supplier's one-time link opens, no account needed: which event, which site, and
 * four questions. It shows nothing of the organization beyond its name and the incident's
 * title, place and dates.
 */
export function SupplierResponsePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const request = useSupplierRequest(token);
  const failure =
    token === '' ? WEB_MESSAGES.supplierResponse.missingToken : request.error?.message;
  const data = request.data;
  return (
    <AuthLayout
      wide
      title={data ? `Is ${data.site.name} affected?` : 'Supplier check'}
      description={
        data
          ? `${data.organizationName} asks how your site stands near an event, through ${PRODUCT_NAME}.`
          : undefined
      }
    >
      {failure ? (
        <Alert tone="error">{failure}</Alert>
      ) : data ? (
        <div className="flex flex-col gap-5">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-lg border border-border p-3 text-sm wrap-anywhere">
            <dt className="text-muted-foreground">Event</dt>
            <dd className="font-medium text-foreground">{data.incident.title}</dd>
            <dt className="text-muted-foreground">Where</dt>
            <dd>{placeOf(data.incident)}</dd>
            <dt className="text-muted-foreground">When</dt>
            <dd>{datesOf(data.incident)}</dd>
            <dt className="text-muted-foreground">Your site</dt>
            <dd>
              {data.site.name}
              {data.site.city ? `, ${data.site.city}` : ''}
            </dd>
          </dl>
          <AnswerForm token={token} request={data} />
        </div>
      ) : (
        <SectionSpinner label="Opening the request..." />
      )}
    </AuthLayout>
  );
}
