import { Alert } from '@/components/ui/Alert';
import { Badge, type BadgeTone } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { SectionSpinner } from '@/components/ui/Spinner';
import { Table } from '@/components/ui/Table';
import {
  ASSESSMENT_STATES,
  ASSESSMENT_STATE_LABELS,
  type AssessmentState,
  type SiteAssessment,
  type SupplierRequest,
} from '@meridian/contracts';
import { useState } from 'react';
import { SupplierStatus } from './SupplierStatus';
import {
  useAskSuppliers,
  useAssessments,
  useBulkSetAssessment,
  useSetAssessment,
  useSupplierRequests,
} from '../api/assessments';

const STATE_TONE: Readonly<Record<AssessmentState, BadgeTone>> = {
  // The map's colours for the same states (SITE_STATE_COLORS).
  POTENTIAL: 'yellow',
  CONFIRMED: 'red',
  NO_IMPACT: 'green',
  RECOVERING: 'orange',
  RECOVERED: 'blue',
};

/** The states a person sets (Potential is only where every site starts). */
const SETTABLE = ASSESSMENT_STATES.filter((state) => state !== 'POTENTIAL').map((state) => ({
  value: state,
  label: ASSESSMENT_STATE_LABELS[state],
}));

/** What a change keeps of the rest: the site's other answers as they stand. */
const valuesOf = (row: SiteAssessment) => ({
  state: row.state === 'POTENTIAL' ? ('CONFIRMED' as const) : row.state,
  capacityPct: row.capacityPct,
  expectedRecoveryOn: row.expectedRecoveryOn,
  notes: row.notes,
});

function AssessmentRow({
  row,
  editable,
  incidentId,
  request,
  selected,
  onSelect,
}: {
  row: SiteAssessment;
  editable: boolean;
  incidentId: string;
  request: SupplierRequest | undefined;
  selected: boolean;
  onSelect: (selected: boolean) => void;
}) {
  const save = useSetAssessment(incidentId);
  const assessed = row.state !== 'POTENTIAL';
  return (
    <tr className="border-b border-border last:border-0">
      {editable ? (
        <td className="py-2 pr-2">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            aria-label={`Select ${row.siteName}`}
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
          />
        </td>
      ) : null}
      <th scope="row" className="py-2 pr-3 text-left font-medium">
        {row.siteName}
        {row.criticality === 'CRITICAL' || row.criticality === 'HIGH' ? (
          <span className="ml-2 text-xs font-normal text-muted-foreground">
            {row.criticality.toLowerCase()} criticality
          </span>
        ) : null}
        {row.exposedNow ? null : (
          <span className="block text-xs font-normal text-muted-foreground">
            no longer in reach
          </span>
        )}
      </th>
      <td className="py-2 pr-3">
        {editable ? (
          <Select
            label={`Assessment of ${row.siteName}`}
            value={row.state}
            placeholder={ASSESSMENT_STATE_LABELS.POTENTIAL}
            options={
              row.state === 'POTENTIAL'
                ? [{ value: 'POTENTIAL', label: 'Potential', disabled: true }, ...SETTABLE]
                : SETTABLE
            }
            disabled={save.isPending}
            onValueChange={(state) =>
              save.mutate({
                siteId: row.siteId,
                values: { ...valuesOf(row), state: state as AssessmentState },
              })
            }
            className="w-44"
          />
        ) : (
          <Badge tone={STATE_TONE[row.state]}>{ASSESSMENT_STATE_LABELS[row.state]}</Badge>
        )}
      </td>
      <td className="py-2 pr-3 tabular-nums">
        {editable && assessed ? (
          <Input
            type="number"
            min={0}
            max={100}
            aria-label={`Capacity available at ${row.siteName} (%)`}
            defaultValue={row.capacityPct ?? ''}
            className="w-20"
            onBlur={(event) => {
              const text = event.currentTarget.value.trim();
              const capacityPct = text === '' ? null : Number(text);
              if (capacityPct === row.capacityPct) return;
              save.mutate({ siteId: row.siteId, values: { ...valuesOf(row), capacityPct } });
            }}
          />
        ) : row.capacityPct === null ? (
          '—'
        ) : (
          `${row.capacityPct} %`
        )}
      </td>
      <td className="py-2 pr-3 whitespace-nowrap">
        {editable && assessed ? (
          <Input
            type="date"
            aria-label={`Expected recovery of ${row.siteName}`}
            defaultValue={row.expectedRecoveryOn ?? ''}
            className="w-40"
            onBlur={(event) => {
              const expectedRecoveryOn = event.currentTarget.value || null;
              if (expectedRecoveryOn === row.expectedRecoveryOn) return;
              save.mutate({
                siteId: row.siteId,
                values: { ...valuesOf(row), expectedRecoveryOn },
              });
            }}
          />
        ) : (
          (row.expectedRecoveryOn ?? '—')
        )}
      </td>
      <td className="py-2 pr-3 text-xs text-muted-foreground">
        {row.reportedBySupplier ? 'The supplier' : row.setBy ? row.setBy.name : 'Not yet'}
      </td>
      <td className="py-2 text-xs">
        <SupplierStatus request={request} editable={editable} incidentId={incidentId} />
      </td>
    </tr>
  );
}

/**
 * How each site the incident reached stands: counts per state, then the sites (most critical
 * first) with their state, capacity still available and expected recovery, changed in place by
 * the organization's editors. Value at risk and priority follow each change.
 */
export function AssessmentsPanel({
  incidentId,
  editable,
}: {
  incidentId: string;
  editable: boolean;
}) {
  const assessments = useAssessments(incidentId);
  const requests = useSupplierRequests(incidentId);
  const ask = useAskSuppliers(incidentId);
  const bulk = useBulkSetAssessment(incidentId);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkState, setBulkState] = useState<AssessmentState | ''>('');
  const data = assessments.data;
  if (data && data.assessments.length === 0) return null;
  // The latest link of each site (the list is newest first per site).
  const latest = new Map<string, SupplierRequest>();
  for (const request of requests.data?.requests ?? []) {
    if (!latest.has(request.siteId)) latest.set(request.siteId, request);
  }
  const rate = requests.data?.responseRate;
  const rows = data?.assessments ?? [];
  // Only sites still listed stay selected (a poll may have changed the list).
  const chosen = rows.filter((row) => selected.has(row.siteId)).map((row) => row.siteId);
  const select = (siteId: string, on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      if (on) next.add(siteId);
      else next.delete(siteId);
      return next;
    });
  return (
    <Card aria-labelledby="assessments-title" className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="assessments-title" className="text-base font-semibold text-foreground">
          Assessments
        </h2>
        <div className="flex items-center gap-3">
          {rate && rate.asked > 0 ? (
            <span className="text-sm text-muted-foreground">
              Suppliers answered: {rate.answered} of {rate.asked}
            </span>
          ) : null}
          {editable ? (
            <Button
              variant="secondary"
              size="sm"
              disabled={ask.isPending}
              onClick={() => ask.mutate()}
            >
              Ask suppliers
            </Button>
          ) : null}
        </div>
      </div>
      {assessments.isPending ? <SectionSpinner label="Loading assessments..." /> : null}
      {assessments.isError ? <Alert tone="error">{assessments.error.message}</Alert> : null}
      {data ? (
        <>
          <ul aria-label="Sites by assessment" className="flex flex-wrap gap-2">
            {ASSESSMENT_STATES.map((state) => (
              <li key={state}>
                <Badge tone={STATE_TONE[state]}>
                  {ASSESSMENT_STATE_LABELS[state]}: {data.counts[state]}
                </Badge>
              </li>
            ))}
          </ul>
          {editable ? (
            <div
              role="group"
              aria-label="Set several sites at once"
              className="flex flex-wrap items-center gap-3 rounded-md bg-surface-muted px-3 py-2 text-sm"
            >
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={rows.length > 0 && chosen.length === rows.length}
                  ref={(box) => {
                    if (box) box.indeterminate = chosen.length > 0 && chosen.length < rows.length;
                  }}
                  onChange={(event) =>
                    setSelected(
                      event.target.checked ? new Set(rows.map((row) => row.siteId)) : new Set(),
                    )
                  }
                />
                {chosen.length > 0 ? `${chosen.length} selected` : 'Select all'}
              </label>
              <Select
                label="State for the selected sites"
                value={bulkState}
                placeholder="Set state…"
                options={SETTABLE}
                disabled={chosen.length === 0 || bulk.isPending}
                onValueChange={(state) => setBulkState(state as AssessmentState)}
                className="w-44"
              />
              <Button
                size="sm"
                disabled={chosen.length === 0 || bulkState === '' || bulk.isPending}
                onClick={() => {
                  if (bulkState === '') return;
                  bulk.mutate(
                    { siteIds: chosen, state: bulkState },
                    {
                      onSuccess: () => {
                        setSelected(new Set());
                        setBulkState('');
                      },
                    },
                  );
                }}
              >
                Apply
              </Button>
            </div>
          ) : null}
          <Table
            look="ruled"
            columns={[
              ...(editable ? [{ label: 'Select', srOnly: true }] : []),
              'Site',
              'Assessment',
              'Capacity available',
              'Expected recovery',
              { label: 'Set by', className: 'pr-3' },
              'Supplier',
            ]}
            caption="Site assessments"
            scrollLabel="Site assessments"
            headClassName="text-xs"
          >
            {data.assessments.map((row) => (
              <AssessmentRow
                key={`${row.siteId}:${row.updatedAt ?? ''}`}
                row={row}
                editable={editable}
                incidentId={incidentId}
                request={latest.get(row.siteId)}
                selected={selected.has(row.siteId)}
                onSelect={(on) => select(row.siteId, on)}
              />
            ))}
          </Table>
        </>
      ) : null}
    </Card>
  );
}
