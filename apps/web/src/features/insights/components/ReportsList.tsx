import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { formatDateTime } from '@/utils/format';
import type { Report } from '@meridian/contracts';
import { FileDown, FileText } from 'lucide-react';
import { useState } from 'react';
import { downloadReport } from '../api/download-report';
import { useReports } from '../api/get-reports';
import { useDownload } from '../hooks/use-download';
import { formatBytes } from '@/utils/format';
import * as WEB_MESSAGES from '@/config/messages';

function ReportRow({
  report,
  busy,
  onDownload,
}: {
  report: Report;
  busy: boolean;
  onDownload: () => void;
}) {
  return (
    <li className="flex items-start gap-2.5 py-2.5">
      <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-foreground" title={report.title}>
          {report.title}
        </p>
        <p className="text-xs text-muted-foreground">
          <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
          {report.createdBy ? ` · ${report.createdBy.name}` : null}
        </p>
        <p className="text-xs text-muted-foreground">
          {formatBytes(report.bytes)} · {report.pages} {report.pages === 1 ? 'page' : 'pages'}
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="h-7 shrink-0 px-2"
        disabled={busy}
        onClick={onDownload}
      >
        {busy ? (
          <Spinner className="size-3.5" />
        ) : (
          <FileDown aria-hidden="true" className="size-3.5" />
        )}
        <span className="sr-only">Download {report.title} as </span>PDF
      </Button>
    </li>
  );
}

/** The event's stored reports, newest first, each downloadable as its PDF. */
export function ReportsList({ incidentId }: { incidentId: string }) {
  const reports = useReports(incidentId);
  const download = useDownload();
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  return (
    <section aria-labelledby="reports-title" className="flex flex-col gap-1">
      <h3 id="reports-title" className="text-sm font-semibold text-foreground">
        Reports
      </h3>
      {reports.isPending ? (
        <p role="status" className="flex items-center gap-2 py-2 text-sm text-muted-foreground">
          <Spinner className="size-4 text-primary" />
          Loading reports...
        </p>
      ) : reports.isError ? (
        <Alert tone="error">{reports.error.message}</Alert>
      ) : reports.data.length === 0 ? (
        <p className="py-1 text-sm text-muted-foreground">{WEB_MESSAGES.insights.noReports}</p>
      ) : (
        <ul aria-label="Reports" className="flex flex-col divide-y divide-border">
          {reports.data.map((report) => (
            <ReportRow
              key={report.id}
              report={report}
              busy={download.isPending && downloadingId === report.id}
              onDownload={() => {
                setDownloadingId(report.id);
                download.mutate(() => downloadReport(report));
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
