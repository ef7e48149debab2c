import { QueryState } from '@/components/QueryState';
import { SettingsSection } from '@/components/settings/SettingsSection';
import { Badge, type BadgeTone } from '@/components/ui/Badge';
import { Table } from '@/components/ui/Table';
import { relativeTime } from '@/lib/relative-time';
import type { JobsHealthResponse } from '@meridian/contracts';
import { Cog } from 'lucide-react';
import { useJobs } from '../api/get-jobs';

type QueueRow = JobsHealthResponse['data']['queue'][number];
type WorkerRow = JobsHealthResponse['data']['worker'][number];

/** What each kind of background work does, in words; an unknown kind shows as it is named. */
const KIND_LABELS: Record<string, string> = {
  'exposure.incident': 'Exposure of a changed incident',
  'exposure.target': 'Exposure of a changed site or shipment',
  'exposure.organization': "Exposure of an organization's imported data",
  'alerts.fanout': 'Alerts sent to their recipients',
  'alerts.digest': 'Alert digests',
  'exposure-clock': 'Exposure as time passes (ends, ETAs)',
  'table-statistics': 'Embedded database statistics (its autovacuum)',
};

function KindName({ kind }: { kind: string }) {
  return (
    <th scope="row" className="py-3 pr-3 text-left font-normal">
      <span className="block font-medium text-foreground">{KIND_LABELS[kind] ?? kind}</span>
      <span className="block font-mono text-xs text-muted-foreground">{kind}</span>
    </th>
  );
}

/** How a kind is doing on this instance, in one word and a colour. */
function health(row: WorkerRow): { label: string; tone: BadgeTone } {
  const lastFailed =
    row.lastFailureAt !== null &&
    (row.lastSuccessAt === null || row.lastFailureAt > row.lastSuccessAt);
  if (lastFailed) return { label: 'Failing', tone: 'red' };
  if (row.runs === 0) return { label: 'Waiting', tone: 'blue' };
  return { label: 'Healthy', tone: 'green' };
}

function ErrorNote({ error }: { error: string | null }) {
  return error ? (
    <p className="mt-1 max-w-[20rem] text-xs break-words text-danger-text" role="note">
      {error}
    </p>
  ) : null;
}

function QueueTable({ queue }: { queue: readonly QueueRow[] }) {
  if (queue.length === 0) {
    return <p className="text-sm text-muted-foreground">Nothing is waiting.</p>;
  }
  return (
    <Table
      columns={['Work', 'Waiting', 'Failing', 'Oldest']}
      caption="Queued work"
      scrollLabel="Queued work"
      look="ruled"
      tableClassName="min-w-[40rem]"
    >
      {queue.map((row) => (
        <tr key={row.kind} className="border-b border-border align-top last:border-0">
          <KindName kind={row.kind} />
          <td className="py-3 pr-3 text-sm text-muted-foreground tabular-nums">
            {row.pending.toLocaleString()}
            <span className="block text-xs">{row.due.toLocaleString()} due now</span>
          </td>
          <td className="py-3 pr-3 text-sm">
            {row.failing > 0 ? (
              <Badge tone="red">{row.failing.toLocaleString()} failing</Badge>
            ) : (
              <span className="text-muted-foreground">None</span>
            )}
            <ErrorNote error={row.failing > 0 ? row.lastError : null} />
          </td>
          <td className="py-3 text-sm whitespace-nowrap text-muted-foreground">
            {row.oldest ? relativeTime(row.oldest) : '—'}
          </td>
        </tr>
      ))}
    </Table>
  );
}

function WorkerTable({ worker }: { worker: readonly WorkerRow[] }) {
  if (worker.length === 0) {
    return <p className="text-sm text-muted-foreground">This instance has run nothing yet.</p>;
  }
  return (
    <Table
      columns={['Work', 'Health', 'Runs', 'Last success', 'Last run took']}
      caption="Run by this instance"
      scrollLabel="Run by this instance"
      look="ruled"
      tableClassName="min-w-[46rem]"
    >
      {worker.map((row) => {
        const state = health(row);
        return (
          <tr key={row.kind} className="border-b border-border align-top last:border-0">
            <KindName kind={row.kind} />
            <td className="py-3 pr-3">
              <Badge tone={state.tone}>{state.label}</Badge>
              <ErrorNote error={state.label === 'Failing' ? row.lastError : null} />
            </td>
            <td className="py-3 pr-3 text-sm text-muted-foreground tabular-nums">
              {row.runs.toLocaleString()}
              <span className="block text-xs">{row.failures.toLocaleString()} failed</span>
            </td>
            <td className="py-3 pr-3 text-sm whitespace-nowrap text-muted-foreground">
              {row.lastSuccessAt ? relativeTime(row.lastSuccessAt) : 'Never'}
            </td>
            <td className="py-3 text-sm text-muted-foreground tabular-nums">
              {row.lastDurationMs === null ? '—' : `${row.lastDurationMs.toLocaleString()} ms`}
            </td>
          </tr>
        );
      })}
    </Table>
  );
}

/**
 * The background work's health, for platform admins: what waits in the shared queue (and what
 * fails there, with its last error), and what this instance ran, each kind named in words.
 */
export function BackgroundWorkSection() {
  const jobs = useJobs();
  return (
    <SettingsSection
      title="Background work"
      description="Exposure updates, alerts and upkeep run in the background. Only platform admins see this."
      Icon={Cog}
    >
      <div className="flex flex-col gap-5 px-4 py-4 sm:px-6">
        <QueryState query={jobs} loadingLabel="Loading background work...">
          {(data) => (
            <>
              <div className="flex flex-col gap-2">
                <h3 className="text-sm font-semibold text-foreground">Queued work</h3>
                <QueueTable queue={data.queue} />
              </div>
              <div className="flex flex-col gap-2">
                <h3 className="text-sm font-semibold text-foreground">Run by this instance</h3>
                <WorkerTable worker={data.worker} />
              </div>
            </>
          )}
        </QueryState>
      </div>
    </SettingsSection>
  );
}
