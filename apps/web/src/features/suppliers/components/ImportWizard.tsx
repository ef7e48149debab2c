import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { Select } from '@/components/ui/Select';
import { Spinner } from '@/components/ui/Spinner';
import { Table } from '@/components/ui/Table';
import { IMPORT_ISSUES_SHOWN, IMPORT_PREVIEW_ROWS } from '@/config/constants';
import { downloadText } from '@/lib/csv';
import type { UploadProgress } from '@/lib/upload';
import { cn } from '@/utils/cn';
import { IMPORT_LIMITS } from '@meridian/contracts/constants';
import { Download, FileUp, TriangleAlert } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { useImportWizard, type WizardState } from '../hooks/use-import-wizard';
import { FIELDS_OF, type ImportKind } from '../import/fields';
import { formatBytes } from '@/utils/format';
import { templateCsv, templateFileName } from '../import/template';
import { type RowIssue, cellsOf, fieldLabel } from '../import/validate';
import * as WEB_MESSAGES from '@/config/messages';

const NOUN: Record<ImportKind, string> = {
  sites: 'sites',
  shipments: 'shipments',
  products: 'products',
};
const STEPS = [
  ['file', 'Choose a file'],
  ['map', 'Match columns'],
  ['check', 'Check'],
  ['import', 'Import'],
] as const;
const NOT_IMPORTED = 'none';
const count = (value: number) => value.toLocaleString('en');

function StepList({ current }: { current: WizardState['step'] }) {
  const index = current === 'done' ? STEPS.length : STEPS.findIndex(([step]) => step === current);
  return (
    <ol aria-label="Import steps" className="mb-5 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {STEPS.map(([step, label], position) => (
        <li
          key={step}
          aria-current={position === index ? 'step' : undefined}
          className={cn(
            'flex items-center gap-1.5',
            position === index ? 'font-semibold text-foreground' : 'text-muted-foreground',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'flex size-5 items-center justify-center rounded-full border text-xs',
              position <= index
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border',
            )}
          >
            {position + 1}
          </span>
          {label}
        </li>
      ))}
    </ol>
  );
}

function IssueList({ kind, issues }: { kind: ImportKind; issues: readonly RowIssue[] }) {
  const shown = issues.slice(0, IMPORT_ISSUES_SHOWN);
  return (
    <div className="max-h-56 overflow-y-auto rounded-md border border-border">
      <ul aria-label="Errors" className="divide-y divide-border text-sm">
        {shown.map((issue, index) => (
          <li key={`${issue.line}-${issue.field}-${index}`} className="flex gap-3 px-3 py-1.5">
            <span className="w-16 shrink-0 font-medium tabular-nums">Line {issue.line}</span>
            <span className="w-36 shrink-0 text-muted-foreground">
              {fieldLabel(kind, issue.field)}
            </span>
            <span className="min-w-0 break-words">{issue.message}</span>
          </li>
        ))}
      </ul>
      {issues.length > shown.length ? (
        <p className="border-t border-border px-3 py-1.5 text-sm text-muted-foreground">
          and {count(issues.length - shown.length)} more
        </p>
      ) : null}
    </div>
  );
}

function FileStep({
  kind,
  state,
  onFile,
}: {
  kind: ImportKind;
  state: Extract<WizardState, { step: 'file' }>;
  onFile: (file: File) => void;
}) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <div className="flex flex-col gap-4">
      {state.problem ? <Alert tone="error">{state.problem}</Alert> : null}
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed border-input px-6 py-10 text-center',
          'hover:bg-surface-hover focus-within:ring-2 focus-within:ring-ring',
          dragging && 'border-primary bg-surface-hover',
        )}
      >
        {state.busy ? (
          <Spinner className="size-6" />
        ) : (
          <FileUp aria-hidden="true" className="size-6 text-muted-foreground" />
        )}
        <span className="font-medium">
          {state.busy ? 'Reading the file…' : 'Choose a CSV or Excel file, or drop it here'}
        </span>
        <span className="text-sm text-muted-foreground">
          UTF-8 CSV or Excel workbook (.xlsx, its first sheet), up to{' '}
          {formatBytes(IMPORT_LIMITS.fileBytes)} and {count(IMPORT_LIMITS.rows)} rows. From Numbers
          or LibreOffice, export as CSV or Excel first.
        </span>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-label="CSV or Excel file"
          className="sr-only"
          disabled={state.busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
      </label>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
        <span>Start from the template: its columns match at once.</span>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => downloadText(templateFileName(kind), templateCsv(kind))}
        >
          <Download aria-hidden="true" className="size-4" />
          Download the template
        </Button>
      </div>
    </div>
  );
}

function MapStep({
  kind,
  state,
  onColumn,
}: {
  kind: ImportKind;
  state: Extract<WizardState, { step: 'map' }>;
  onColumn: (field: string, column: number | null) => void;
}) {
  const options = [
    { value: NOT_IMPORTED, label: 'Not imported' },
    ...state.file.headers.map((header, index) => ({
      value: String(index),
      label: header || `Column ${index + 1}`,
    })),
  ];
  const first = state.file.rows[0]?.cells ?? [];
  return (
    <Table
      columns={['Meridian column', 'Column in your file', 'First row']}
      caption="Columns of the file for each Meridian column"
      look="ruled"
      tableClassName="min-w-[40rem]"
    >
      {FIELDS_OF[kind].map((field) => {
        const column = state.mapping[field.key] ?? null;
        return (
          <tr key={field.key} className="border-b border-border last:border-0">
            <th scope="row" className="py-2 pr-3 align-top font-normal">
              <span className="font-medium">{field.label}</span>
              {field.required ? (
                <Badge tone="blue" className="ml-2">
                  required
                </Badge>
              ) : null}
              {field.hint ? (
                <span className="block text-xs text-muted-foreground">{field.hint}</span>
              ) : null}
            </th>
            <td className="py-2 pr-3 align-top">
              <Select
                label={`File column for ${field.label}`}
                value={column === null ? NOT_IMPORTED : String(column)}
                onValueChange={(value) =>
                  onColumn(field.key, value === NOT_IMPORTED ? null : Number(value))
                }
                options={options}
                className="w-52"
              />
            </td>
            <td className="max-w-48 truncate py-2 align-top text-muted-foreground">
              {column === null ? '—' : first[column] || '(blank)'}
            </td>
          </tr>
        );
      })}
    </Table>
  );
}

function CheckStep({
  kind,
  state,
}: {
  kind: ImportKind;
  state: Extract<WizardState, { step: 'check' }>;
}) {
  const { check, refused } = state;
  const issues = refused?.issues ?? check.issues;
  const wrong = new Set(issues.map((issue) => `${issue.line}:${issue.field}`));
  const fields = FIELDS_OF[kind].filter((field) => (state.mapping[field.key] ?? null) !== null);
  const preview = state.file.rows.slice(0, IMPORT_PREVIEW_ROWS);
  const noKey = kind === 'sites' && (state.mapping.externalRef ?? null) === null;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        {count(check.rowCount)} rows read from <span className="font-medium">{state.fileName}</span>
        .
      </p>
      {refused ? (
        <Alert tone="error">{refused.message}</Alert>
      ) : check.issues.length > 0 ? (
        <Alert tone="error">
          {count(check.issues.length)} {check.issues.length === 1 ? 'error' : 'errors'}.{' '}
          {WEB_MESSAGES.suppliers.importHasErrors}
        </Alert>
      ) : (
        <Alert tone="success">
          All {count(check.rowCount)} rows are valid and ready to import.
        </Alert>
      )}
      {noKey ? (
        <p className="flex items-start gap-2 rounded-md border border-yellow-500/40 bg-yellow-500/10 px-3 py-2 text-sm">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {WEB_MESSAGES.suppliers.noExternalRef}
        </p>
      ) : null}
      {issues.length > 0 ? <IssueList kind={kind} issues={issues} /> : null}
      <Table
        columns={[
          { label: 'Line', className: 'px-2' },
          ...fields.map((field) => ({ label: field.label, className: 'px-2 whitespace-nowrap' })),
        ]}
        caption={`Preview of the first ${preview.length} rows`}
        scrollLabel="Preview"
        look="ruled"
        className="max-h-72 rounded-md border border-border"
        headClassName="sticky top-0 bg-surface"
      >
        {preview.map((row) => {
          const cells = cellsOf(row.cells, state.mapping);
          return (
            <tr key={row.line} className="border-b border-border last:border-0">
              <th scope="row" className="px-2 py-1.5 font-medium tabular-nums">
                {row.line}
              </th>
              {fields.map((field) => {
                const bad = wrong.has(`${row.line}:${field.key}`);
                return (
                  <td
                    key={field.key}
                    className={cn(
                      'max-w-48 truncate px-2 py-1.5',
                      bad && 'bg-danger-surface font-medium text-danger-text',
                    )}
                    title={cells[field.key]}
                  >
                    {cells[field.key] ?? ''}
                    {bad ? <span className="sr-only"> (error)</span> : null}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </Table>
    </div>
  );
}

const STAGE_TEXT = {
  validating: 'Checking the rows',
  locating: 'Locating places',
  writing: 'Writing, in one transaction',
} as const;

function ImportStep({ progress, rows }: { progress: UploadProgress | null; rows: number }) {
  const uploading = progress?.phase === 'uploading' ? progress : null;
  const server = progress?.phase === 'server' ? progress : null;
  return (
    <div className="flex flex-col gap-5">
      <ProgressBar
        label="Upload"
        value={server ? 1 : (uploading?.loaded ?? 0)}
        max={server ? 1 : (uploading?.total ?? 1)}
        detail={
          uploading
            ? `${formatBytes(uploading.loaded)} of ${formatBytes(uploading.total)}`
            : server
              ? 'Sent'
              : 'Starting…'
        }
      />
      <ProgressBar
        label={server ? STAGE_TEXT[server.stage] : 'Server'}
        value={server && server.total > 0 ? server.done : server ? null : 0}
        max={server?.total ?? 1}
        detail={
          server && server.total > 0
            ? `${count(server.done)} of ${count(server.total)}${server.stage === 'writing' ? ' rows' : ' places'}`
            : server
              ? `${count(rows)} rows`
              : 'Waiting for the upload'
        }
      />
      <p className="text-sm text-muted-foreground">
        The whole file is written in one transaction: if anything fails, nothing is kept.
      </p>
    </div>
  );
}

/**
 * Imports a CSV file of sites or shipments: the file (refused unread when too large), its
 * columns matched to Meridian's (by header, editable), every row checked with the line of each
 * error before anything is written, then one request and one transaction with progress.
 */
export function ImportWizard({
  kind,
  open,
  onOpenChange,
}: {
  kind: ImportKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const wizard = useImportWizard(kind);
  const { state } = wizard;
  const close = (next: boolean) => {
    // Once sent, the import runs to its end: the dialog stays to show how it ends.
    if (!next && state.step === 'import') return;
    if (!next) wizard.reset();
    onOpenChange(next);
  };
  const missing =
    state.step === 'map'
      ? FIELDS_OF[kind].filter(
          (field) => field.required && (state.mapping[field.key] ?? null) === null,
        )
      : [];

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      size="xl"
      title={`Import ${NOUN[kind]}`}
      description={
        kind === 'sites'
          ? 'Rows with an external reference you already use update that site; the others are added.'
          : kind === 'products'
            ? "A row per part and supplying site; a product's rows share its SKU. A SKU you already use updates that product (its parts replace the ones kept); the others are added."
            : 'Rows with a reference you already use update that shipment; the others are added.'
      }
    >
      <StepList current={state.step} />
      {state.step === 'file' ? (
        <FileStep kind={kind} state={state} onFile={(file) => void wizard.chooseFile(file)} />
      ) : null}
      {state.step === 'map' ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm">
            {count(state.file.rows.length)} rows in{' '}
            <span className="font-medium">{state.fileName}</span>. Check which column of the file
            each Meridian column reads.
          </p>
          {missing.length > 0 ? (
            <Alert tone="error">
              Choose a file column for {missing.map((field) => field.label).join(' and ')}.
            </Alert>
          ) : null}
          <MapStep kind={kind} state={state} onColumn={wizard.setColumn} />
        </div>
      ) : null}
      {state.step === 'check' ? <CheckStep kind={kind} state={state} /> : null}
      {state.step === 'import' ? (
        <ImportStep progress={state.progress} rows={state.check.rowCount} />
      ) : null}
      {state.step === 'done' ? (
        <Alert tone="success">
          {WEB_MESSAGES.suppliers.imported(kind, state.result.created, state.result.updated)}
        </Alert>
      ) : null}

      <div className="mt-6 flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
        {state.step === 'map' ? (
          <>
            <Button variant="secondary" onClick={wizard.reset}>
              Choose another file
            </Button>
            <Button disabled={missing.length > 0 || state.busy} onClick={() => void wizard.check()}>
              {state.busy ? <Spinner className="size-4" /> : null}
              Check {count(state.file.rows.length)} rows
            </Button>
          </>
        ) : null}
        {state.step === 'check' ? (
          <>
            <Button variant="secondary" onClick={wizard.reset}>
              Choose another file
            </Button>
            <Button variant="secondary" onClick={wizard.backToMapping}>
              Match columns
            </Button>
            <Button
              disabled={state.check.issues.length > 0 || state.refused !== null}
              onClick={() => void wizard.start()}
            >
              Import {count(state.check.rowCount)} rows
            </Button>
          </>
        ) : null}
        {state.step === 'import' ? (
          <Button
            variant="secondary"
            disabled={state.progress?.phase === 'server'}
            onClick={wizard.cancel}
          >
            Cancel
          </Button>
        ) : null}
        {state.step === 'file' || state.step === 'done' ? (
          <Button
            variant={state.step === 'done' ? 'primary' : 'secondary'}
            onClick={() => close(false)}
          >
            Close
          </Button>
        ) : null}
      </div>
    </Dialog>
  );
}
