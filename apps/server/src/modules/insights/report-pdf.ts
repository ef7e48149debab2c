import type { IncidentExposureResponse, Memo, Plan, TimelineEntry } from '@meridian/contracts';
import { isInReach, prioritySentence, valueAtRiskSentence } from '@meridian/contracts';
import PDFDocument from 'pdfkit';
import { type IncidentRow } from '../incidents/incidents.reads.js';
import { areaSummary } from '../incidents/incidents.mapper.js';
import {
  COLOR,
  type Doc,
  FONT,
  SEVERITY_COLOR,
  contentWidth,
  ensureSpace,
  facts,
  footers,
  formatTime,
  heading,
  humanize,
  paragraph,
  printable,
  table,
} from './report-layout.js';
import { SHIPMENT_COLOR, SITE_COLOR, drawMap, legend } from './report-map.js';

/** Everything a report shows, read for the organization that asks for it. */
export type ReportContent = {
  title: string;
  generatedAt: Date;
  generatedBy: string;
  incident: IncidentRow;
  timeline: readonly TimelineEntry[];
  exposure: IncidentExposureResponse['data'];
  plans: readonly Plan[];
  memos: readonly Memo[];
};

const MAP_HEIGHT = 250;
const ACTION_STATUS: Record<Plan['actions'][number]['status'], string> = {
  TODO: 'To do',
  IN_PROGRESS: 'In progress',
  DONE: 'Done',
  BLOCKED: 'Blocked',
};
const DESCRIPTION_MAX = 2000;

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;
const personName = (person: { name: string } | null) => person?.name ?? 'Former member';

/** A changed value as a reader wants it: short, and areas by their shape, not coordinates. */
function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'area' && typeof value === 'object') {
    return areaSummary(value as Parameters<typeof areaSummary>[0]) ?? '—';
  }
  if (typeof value === 'string') return clip(value, 120);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return clip(JSON.stringify(value), 120);
}

/** Markdown read as plain text: markers dropped, bullets kept, links with their address. */
export function plainText(markdown: string): string {
  return markdown
    .split(/\r?\n/)
    .map((line) =>
      line
        .replace(/^\s{0,3}#{1,6}\s+/, '')
        .replace(/^(\s*)[-*+]\s+/, '$1• ')
        .replace(/\[([^\]]+)\]\(([^)]+)\)/g, '$1 ($2)')
        .replace(/(\*\*|__)(.+?)\1/g, '$2')
        .replace(/`([^`]+)`/g, '$1'),
    )
    .join('\n');
}

function timelineRow(entry: TimelineEntry): string[] {
  const who = entry.actor
    ? `${entry.actor.firstName} ${entry.actor.lastName}`.trim() || entry.actor.email
    : (entry.via ?? 'Meridian');
  const changes = entry.changes.map(
    (change) =>
      `${change.field}: ${valueText(change.field, change.from)} → ${valueText(change.field, change.to)}`,
  );
  const details = [...changes, entry.body ? plainText(entry.body) : null].filter(Boolean);
  return [formatTime(entry.at), humanize(entry.kind), who, details.join('\n') || '—'];
}

function exposureRows(exposure: ReportContent['exposure']): string[][] {
  const facts = (row: {
    via: string;
    distanceKm: number;
    state: string;
    firstExposedAt: string;
    clearedAt: string | null;
  }) => [
    humanize(row.via),
    `${row.distanceKm.toFixed(1)} km`,
    humanize(row.state),
    row.clearedAt
      ? `${formatTime(row.firstExposedAt)} – ${formatTime(row.clearedAt)}`
      : `since ${formatTime(row.firstExposedAt)}`,
  ];
  return [
    ...exposure.sites.map(({ site, ...row }) => [
      'Site',
      site.externalRef ? `${site.name} (${site.externalRef})` : site.name,
      ...facts(row),
      [
        humanize(site.kind),
        `${humanize(site.criticality)} criticality`,
        site.annualSpend !== null
          ? `spend ${site.annualSpend.toLocaleString('en-US')} ${site.currency ?? ''}`.trim()
          : null,
      ]
        .filter(Boolean)
        .join(', '),
    ]),
    ...exposure.shipments.map(({ shipment, ...row }) => [
      'Shipment',
      shipment.reference,
      ...facts(row),
      [
        `${humanize(shipment.mode)} ${shipment.origin} → ${shipment.destination}`,
        humanize(shipment.status),
        shipment.eta ? `ETA ${formatTime(shipment.eta)}` : null,
      ]
        .filter(Boolean)
        .join(', '),
    ]),
  ];
}

const count = (value: number, noun: string) =>
  `${value.toLocaleString('en-US')} ${noun}${value === 1 ? '' : 's'}`;

/** "In reach now: … While active: … in all, at most … at once." */
export function exposureSummary(exposure: ReportContent['exposure']): string {
  const sitesNow = exposure.sites.filter(isInReach).length;
  const shipmentsNow = exposure.shipments.filter(isInReach).length;
  return (
    `In reach now: ${count(sitesNow, 'site')} and ${count(shipmentsNow, 'shipment')}. ` +
    `While active: ${count(exposure.sites.length, 'site')} and ` +
    `${count(exposure.shipments.length, 'shipment')} in all, at most ` +
    `${exposure.peak.sites.toLocaleString('en-US')} and ` +
    `${exposure.peak.shipments.toLocaleString('en-US')} at once. ` +
    `${valueAtRiskSentence(exposure.valueAtRisk)} ${prioritySentence(exposure.impact)}`
  );
}

function summary(doc: Doc, content: ReportContent): void {
  const { incident } = content;
  const x = doc.page.margins.left;
  doc.font(FONT.bold).fontSize(8).fillColor(COLOR.accent);
  doc.text('MERIDIAN  ·  INCIDENT REPORT', x, doc.y, { characterSpacing: 1 });
  doc.moveDown(0.4);
  doc.font(FONT.bold).fontSize(20).fillColor(COLOR.ink);
  doc.text(printable(content.title), x, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.2);
  paragraph(
    doc,
    `Generated ${formatTime(content.generatedAt)} UTC by ${content.generatedBy}. All times are UTC.`,
    { color: COLOR.muted, size: 9 },
  );
  doc.moveDown(0.8);
  if (content.title !== incident.title) {
    const y = doc.y;
    doc.roundedRect(x, y, 4, 14, 1).fill(SEVERITY_COLOR[incident.severity]);
    doc.font(FONT.bold).fontSize(11).fillColor(COLOR.ink);
    doc.text(printable(incident.title), x + 10, y + 1, { width: contentWidth(doc) - 10 });
    doc.moveDown(0.5);
  }
  const location =
    incident.lat !== null && incident.lng !== null
      ? `${incident.lat.toFixed(3)}, ${incident.lng.toFixed(3)}${incident.countryCode ? ` (${incident.countryCode})` : ''}`
      : 'Not recorded';
  facts(doc, [
    ['Type', humanize(incident.type)],
    ['Severity', humanize(incident.severity)],
    ['Status', humanize(incident.status)],
    ['Source', incident.source === 'MANUAL' ? 'Recorded in Meridian' : incident.source],
    ['Started', formatTime(incident.startsAt)],
    [incident.resolvedAt ? 'Resolved' : 'Ends', formatTime(incident.resolvedAt ?? incident.endsAt)],
    ['Location', location],
    ['Affected', incident.area ? 'The drawn area' : `${incident.affectedRadiusKm} km radius`],
  ]);
  if (incident.sourceUrl) {
    doc.font(FONT.regular).fontSize(8.5).fillColor(COLOR.accent);
    doc.text(printable(incident.sourceUrl), x, doc.y + 2, {
      width: contentWidth(doc),
      link: incident.sourceUrl,
      underline: true,
    });
  }
  if (incident.description) {
    doc.moveDown(0.6);
    paragraph(doc, clip(plainText(incident.description), DESCRIPTION_MAX));
  }
}

async function map(doc: Doc, content: ReportContent): Promise<void> {
  const { incident, exposure } = content;
  heading(doc, 'Affected area', MAP_HEIGHT + 20);
  const center =
    incident.lat !== null && incident.lng !== null ? ([incident.lng, incident.lat] as const) : null;
  const box = { x: doc.page.margins.left, y: doc.y, width: contentWidth(doc), height: MAP_HEIGHT };
  if (!center && !incident.area) {
    doc.rect(box.x, box.y, box.width, 40).fill(COLOR.band);
    doc.font(FONT.italic).fontSize(9).fillColor(COLOR.muted);
    doc.text('No location is recorded for this incident.', box.x + 10, box.y + 15);
    doc.y = box.y + 50;
    return;
  }
  // What it reaches now; once nothing, what it reached while active (a resolved incident's).
  const now = exposure.sites.some(isInReach) || exposure.shipments.some(isInReach);
  const sites = now ? exposure.sites.filter(isInReach) : exposure.sites;
  const shipments = now ? exposure.shipments.filter(isInReach) : exposure.shipments;
  await drawMap(doc, box, {
    center,
    radiusKm: incident.affectedRadiusKm,
    area: incident.area,
    color: SEVERITY_COLOR[incident.severity],
    sites: sites.flatMap(({ site }) =>
      site.location
        ? [{ at: [site.location.lng, site.location.lat] as const, label: site.name }]
        : [],
    ),
    shipments: shipments.map(({ shipment }) => ({
      at: [shipment.currentPosition.lng, shipment.currentPosition.lat] as const,
      label: shipment.reference,
    })),
  });
  doc.y = box.y + box.height + 6;
  legend(doc, [
    {
      symbol: 'area',
      color: SEVERITY_COLOR[incident.severity],
      label: incident.area ? 'Affected area' : `Affected radius (${incident.affectedRadiusKm} km)`,
    },
    {
      symbol: 'site',
      color: SITE_COLOR,
      label: `${now ? 'Exposed sites' : 'Sites exposed while active'} (${sites.length})`,
    },
    {
      symbol: 'shipment',
      color: SHIPMENT_COLOR,
      label: `${now ? 'Exposed shipments' : 'Shipments exposed while active'}, where they are now (${shipments.length})`,
    },
  ]);
}

function plans(doc: Doc, content: ReportContent): void {
  heading(doc, 'Response plans');
  if (content.plans.length === 0) return paragraph(doc, 'No response plan for this incident.');
  for (const plan of content.plans) {
    ensureSpace(doc, 60);
    doc.font(FONT.bold).fontSize(10).fillColor(COLOR.ink);
    doc.text(printable(plan.name), doc.page.margins.left, doc.y + 4, { width: contentWidth(doc) });
    paragraph(
      doc,
      [
        humanize(plan.status),
        `${plan.progress.done} of ${plan.progress.total} actions done`,
        `owner ${personName(plan.owner)}`,
        plan.targetAt ? `target ${formatTime(plan.targetAt)}` : null,
      ]
        .filter(Boolean)
        .join('  ·  '),
      { color: COLOR.muted, size: 8.5 },
    );
    doc.moveDown(0.3);
    if (plan.actions.length === 0) continue;
    table(
      doc,
      [
        { header: '#', width: 0.3 },
        { header: 'Action', width: 3 },
        { header: 'Assignee', width: 1.3 },
        { header: 'Due', width: 1.3 },
        { header: 'Status', width: 1.1 },
      ],
      plan.actions.map((action, index) => [
        String(index + 1),
        `${action.title}${action.required ? '' : ' (optional)'}${action.status === 'BLOCKED' && action.blockedReason ? `\nBlocked: ${action.blockedReason}` : ''}`,
        action.assignee ? personName(action.assignee) : '—',
        `${formatTime(action.dueAt)}${action.overdue ? ' (overdue)' : ''}`,
        ACTION_STATUS[action.status],
      ]),
    );
  }
}

function memos(doc: Doc, content: ReportContent): void {
  heading(doc, 'Memos');
  if (content.memos.length === 0) return paragraph(doc, 'No memos on this incident.');
  for (const memo of content.memos) {
    ensureSpace(doc, 50);
    const edited =
      memo.updatedAt !== memo.createdAt
        ? `, edited ${formatTime(memo.updatedAt)} by ${personName(memo.editor)}`
        : '';
    doc.font(FONT.bold).fontSize(8.5).fillColor(COLOR.muted);
    doc.text(
      printable(`${personName(memo.author)}  ·  ${formatTime(memo.createdAt)}${edited}`),
      doc.page.margins.left,
      doc.y + 4,
      { width: contentWidth(doc) },
    );
    doc.moveDown(0.2);
    paragraph(doc, plainText(memo.body));
    doc.moveDown(0.6);
  }
}

/** The report as a PDF (A4, standard fonts) and its page count. */
export async function renderReport(
  content: ReportContent,
): Promise<{ pdf: Buffer; pages: number }> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 50, bottom: 56, left: 48, right: 48 },
    bufferPages: true,
    info: {
      Title: printable(content.title),
      Author: 'Meridian',
      Subject: printable(content.incident.title),
      CreationDate: content.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  summary(doc, content);
  await map(doc, content);
  heading(doc, 'Timeline');
  if (content.timeline.length === 0) paragraph(doc, 'Nothing recorded yet.');
  else
    table(
      doc,
      [
        { header: 'When', width: 1.2 },
        { header: 'Entry', width: 0.8 },
        { header: 'By', width: 1.1 },
        { header: 'What', width: 3.4 },
      ],
      content.timeline.map(timelineRow),
    );
  heading(doc, 'Exposure');
  const rows = exposureRows(content.exposure);
  if (rows.length === 0) paragraph(doc, 'None of your sites or shipments is or was exposed.');
  else {
    paragraph(doc, exposureSummary(content.exposure));
    table(
      doc,
      [
        { header: 'Kind', width: 0.7 },
        { header: 'Name / reference', width: 1.6 },
        { header: 'Via', width: 0.7 },
        { header: 'Distance', width: 0.7, align: 'right' },
        { header: 'State', width: 0.7 },
        { header: 'Exposed', width: 1.1 },
        { header: 'Details', width: 2 },
      ],
      rows,
    );
  }
  plans(doc, content);
  memos(doc, content);

  footers(
    doc,
    clip(`Meridian  ·  ${content.title}  ·  ${formatTime(content.generatedAt)} UTC`, 95),
  );
  const pages = doc.bufferedPageRange().count;
  doc.end();
  return { pdf: await done, pages };
}
