import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { SectionSpinner, Spinner } from '@/components/ui/Spinner';
import { Switch } from '@/components/ui/Switch';
import { Table, type TableColumn } from '@/components/ui/Table';
import { SEARCH_DELAY_MS } from '@/config/constants';
import { ApiError } from '@/lib/api-client';
import { downloadText } from '@/lib/csv';
import { toast } from '@/lib/toast';
import { cn } from '@/utils/cn';
import type { Criticality, Site, SiteInput, SiteKind, SiteUpdate } from '@meridian/contracts';
import { CRITICALITIES, SITE_KINDS, SITE_LIMITS } from '@meridian/contracts';
import {
  Archive,
  ArchiveRestore,
  ChevronDown,
  Download,
  Pencil,
  Plus,
  Search,
  Upload,
} from 'lucide-react';
import { Fragment, useState } from 'react';
import { useCreateSite } from '../api/create-site';
import { type SiteFilters, type SiteSort, getSitePage, useSitePages } from '../api/get-sites';
import { useUpdateSite } from '../api/update-site';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { sitesCsv } from '../import/template';
import { ImportWizard } from './ImportWizard';
import { SiteAssessmentHistory } from '@/components/SiteAssessmentHistory';
import { SiteExposure } from '@/components/SiteExposure';
import { SiteFormDialog } from './SiteFormDialog';
import { SiteRevenue } from './SiteRevenue';
import { CRITICALITY_LABELS, CRITICALITY_TONE, KIND_LABELS } from './site-labels';
import { LoadMore } from './LoadMore';
import * as WEB_MESSAGES from '@/config/messages';

const ALL = 'ALL';
const KIND_OPTIONS = [
  { value: ALL, label: 'All kinds' },
  ...SITE_KINDS.map((value) => ({ value, label: KIND_LABELS[value] })),
];
const CRITICALITY_OPTIONS = [
  { value: ALL, label: 'Any criticality' },
  ...CRITICALITIES.map((value) => ({ value, label: CRITICALITY_LABELS[value] })),
];
const SORT_OPTIONS: { value: SiteSort; label: string }[] = [
  { value: 'name', label: 'Name A–Z' },
  { value: 'criticality', label: 'Most critical first' },
  { value: 'tier', label: 'Tier 1 first' },
  { value: 'updatedAt', label: 'Recently changed' },
];
const isSort = (value: string): value is SiteSort =>
  SORT_OPTIONS.some((option) => option.value === value);

const place = (site: Site) => [site.city, site.countryCode].filter(Boolean).join(', ') || '—';

/** Every site the filters match, a page of the API's largest at a time, for the CSV export. */
async function allSites(filters: SiteFilters): Promise<Site[]> {
  const sites: Site[] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof getSitePage>> = await getSitePage(filters, cursor, {
      limit: SITE_LIMITS.pageMax,
    });
    sites.push(...page.sites);
    cursor = page.nextCursor;
  } while (cursor);
  return sites;
}

/**
 * The organization's sites: search, filters, sort and "Load more" with the total; each row's
 * live incidents on demand. Managers and admins add, edit, archive, restore and import.
 */
export function SitesPanel({ canEdit }: { canEdit: boolean }) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, SEARCH_DELAY_MS);
  const [kind, setKind] = useState<SiteKind | null>(null);
  const [criticality, setCriticality] = useState<Criticality | null>(null);
  const [sort, setSort] = useState<SiteSort>('name');
  const [archived, setArchived] = useState(false);
  const filters: SiteFilters = { q, kind, criticality, sort, archived };
  const pages = useSitePages(filters);

  const [editing, setEditing] = useState<Site | 'new' | null>(null);
  const [archiving, setArchiving] = useState<Site | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [expanded, setExpanded] = useState<string | null>(null);
  const createSite = useCreateSite();
  const editSite = useUpdateSite({ errorToast: false });
  const archiveSite = useUpdateSite();

  const sites = pages.data?.pages.flatMap((page) => page.sites) ?? [];
  const total = pages.data?.pages[0]?.total ?? 0;
  const filtered = Boolean(q || kind || criticality);
  const save = editing === 'new' ? createSite : editSite;
  const saveError =
    save.error instanceof ApiError
      ? save.error.message
      : save.error
        ? WEB_MESSAGES.suppliers.saveFailed
        : null;

  const exportCsv = async () => {
    setExporting(true);
    try {
      downloadText('meridian-sites.csv', sitesCsv(await allSites(filters)));
    } catch {
      toast.error(WEB_MESSAGES.suppliers.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  const submit = (input: SiteInput | SiteUpdate) => {
    const done = { onSuccess: () => setEditing(null) };
    if (editing === 'new') createSite.mutate(input as SiteInput, done);
    else if (editing) editSite.mutate({ siteId: editing.id, change: input }, done);
  };

  const columns: (string | TableColumn)[] = [
    'Name',
    'Kind',
    'Tier',
    'Criticality',
    'Location',
    'Products',
    { label: 'Revenue a day', className: 'text-right' },
    'Incidents',
    ...(canEdit ? [{ label: 'Actions', srOnly: true, className: 'text-right' }] : []),
  ];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-56 flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search sites"
            placeholder="Search name, reference, city or product"
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="h-9 pl-9"
          />
        </div>
        <Select
          label="Kind"
          value={kind ?? ALL}
          onValueChange={(value) => setKind(value === ALL ? null : (value as SiteKind))}
          options={KIND_OPTIONS}
        />
        <Select
          label="Criticality"
          value={criticality ?? ALL}
          onValueChange={(value) => setCriticality(value === ALL ? null : (value as Criticality))}
          options={CRITICALITY_OPTIONS}
        />
        <Select
          label="Sort"
          value={sort}
          onValueChange={(value) => isSort(value) && setSort(value)}
          options={SORT_OPTIONS}
        />
        <label className="flex h-9 items-center gap-2 px-1 text-sm">
          <Switch aria-label="Archived sites" checked={archived} onCheckedChange={setArchived} />
          Archived
        </label>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {pages.data
            ? `${total.toLocaleString('en')} ${archived ? 'archived ' : ''}${total === 1 ? 'site' : 'sites'}`
            : ''}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={exporting || total === 0}
            onClick={() => void exportCsv()}
          >
            {exporting ? (
              <Spinner className="size-4" />
            ) : (
              <Download aria-hidden="true" className="size-4" />
            )}
            Export CSV
          </Button>
          {canEdit ? (
            <>
              <Button variant="secondary" size="sm" onClick={() => setImporting(true)}>
                <Upload aria-hidden="true" className="size-4" />
                Import
              </Button>
              <Button size="sm" onClick={() => setEditing('new')}>
                <Plus aria-hidden="true" className="size-4" />
                Add site
              </Button>
            </>
          ) : null}
        </div>
      </div>

      {pages.isPending ? (
        <SectionSpinner label="Loading sites..." />
      ) : pages.isError ? (
        <Alert tone="error">{pages.error.message}</Alert>
      ) : sites.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-muted-foreground">
          {filtered || archived
            ? WEB_MESSAGES.suppliers.noSitesMatch
            : WEB_MESSAGES.suppliers.noSites}
        </p>
      ) : (
        <div className="overflow-hidden rounded-lg border border-border bg-surface">
          <Table
            columns={columns}
            caption="Sites"
            scrollLabel="Sites"
            tableClassName="min-w-[62rem]"
            className={cn(pages.isPlaceholderData && 'opacity-60')}
          >
            {sites.map((site) => (
              <Fragment key={site.id}>
                <tr className="border-t border-border align-top">
                  <th scope="row" className="px-4 py-3 font-medium">
                    <span className="block">{site.name}</span>
                    {site.externalRef ? (
                      <span className="block font-mono text-xs font-normal text-muted-foreground">
                        {site.externalRef}
                      </span>
                    ) : null}
                  </th>
                  <td className="px-4 py-3">{KIND_LABELS[site.kind]}</td>
                  <td className="px-4 py-3 tabular-nums">{site.tier ?? '—'}</td>
                  <td className="px-4 py-3">
                    <Badge tone={CRITICALITY_TONE[site.criticality]}>
                      {CRITICALITY_LABELS[site.criticality]}
                    </Badge>
                  </td>
                  <td className="px-4 py-3">{place(site)}</td>
                  <td className="max-w-56 px-4 py-3 text-muted-foreground">
                    <span className="line-clamp-2">{site.products.join(', ') || '—'}</span>
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">
                    <SiteRevenue revenue={site.dependentRevenue} />
                  </td>
                  <td className="px-4 py-3">
                    {site.activeExposures ? (
                      <button
                        type="button"
                        aria-expanded={expanded === site.id}
                        aria-label={`${site.activeExposures} ${site.activeExposures === 1 ? 'incident reaches' : 'incidents reach'} ${site.name}`}
                        onClick={() => setExpanded(expanded === site.id ? null : site.id)}
                        className="rounded-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      >
                        <Badge tone="red" className="gap-1">
                          {site.activeExposures}{' '}
                          {site.activeExposures === 1 ? 'incident' : 'incidents'}
                          <ChevronDown
                            aria-hidden="true"
                            className={cn(
                              'size-3 transition-transform',
                              expanded === site.id && 'rotate-180',
                            )}
                          />
                        </Badge>
                      </button>
                    ) : (
                      <button
                        type="button"
                        aria-expanded={expanded === site.id}
                        aria-label={`None: no incident reaches ${site.name} now; show its history`}
                        onClick={() => setExpanded(expanded === site.id ? null : site.id)}
                        className="inline-flex items-center gap-1 rounded-md text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      >
                        None
                        <ChevronDown
                          aria-hidden="true"
                          className={cn(
                            'size-3 transition-transform',
                            expanded === site.id && 'rotate-180',
                          )}
                        />
                      </button>
                    )}
                  </td>
                  {canEdit ? (
                    <td className="px-4 py-3">
                      <div className="flex justify-end gap-2">
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={`Edit ${site.name}`}
                          onClick={() => {
                            editSite.reset();
                            setEditing(site);
                          }}
                        >
                          <Pencil aria-hidden="true" className="size-3.5" />
                          Edit
                        </Button>
                        {site.archivedAt ? (
                          <Button
                            variant="secondary"
                            size="sm"
                            aria-label={`Restore ${site.name}`}
                            disabled={archiveSite.isPending}
                            onClick={() =>
                              archiveSite.mutate({ siteId: site.id, change: { archived: false } })
                            }
                          >
                            <ArchiveRestore aria-hidden="true" className="size-3.5" />
                            Restore
                          </Button>
                        ) : (
                          <Button
                            variant="secondary"
                            size="sm"
                            aria-label={`Archive ${site.name}`}
                            disabled={archiveSite.isPending}
                            onClick={() => setArchiving(site)}
                          >
                            <Archive aria-hidden="true" className="size-3.5" />
                            Archive
                          </Button>
                        )}
                      </div>
                    </td>
                  ) : null}
                </tr>
                {expanded === site.id ? (
                  <tr className="bg-background/40">
                    <td colSpan={columns.length} className="px-4 py-3">
                      <div className="flex flex-col gap-3">
                        <SiteExposure siteId={site.id} siteName={site.name} />
                        <div className="flex flex-col gap-1.5">
                          <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                            Assessments
                          </h3>
                          <SiteAssessmentHistory siteId={site.id} siteName={site.name} />
                        </div>
                      </div>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </Table>
        </div>
      )}
      <LoadMore pages={pages} shown={sites.length} total={total} />

      {editing !== null ? (
        <SiteFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
          {...(editing === 'new' ? {} : { site: editing })}
          pending={save.isPending}
          error={saveError}
          onSubmit={submit}
        />
      ) : null}
      <ConfirmDialog
        open={archiving !== null}
        onOpenChange={(open) => {
          if (!open) setArchiving(null);
        }}
        title="Archive site"
        description={WEB_MESSAGES.suppliers.archiveConfirm(archiving?.name ?? '')}
        confirmLabel="Archive"
        onConfirm={() => {
          if (archiving) archiveSite.mutate({ siteId: archiving.id, change: { archived: true } });
        }}
      />
      {canEdit ? <ImportWizard kind="sites" open={importing} onOpenChange={setImporting} /> : null}
    </div>
  );
}
