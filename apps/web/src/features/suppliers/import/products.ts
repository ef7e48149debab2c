import { restoreCell } from '@/lib/csv';
import { ProductInput } from '@meridian/contracts';
import type { ProductFieldKey } from './fields';
import type { ParsedFile } from './parse-file';
import { type ColumnMapping, type ImportCheck, type RowIssue, cellsOf } from './validate';

type Line = { part: string; siteRef: string; share: number; singleSource: boolean };
type Draft = {
  /** The file line the product starts on. */
  line: number;
  fields: Record<string, unknown>;
  /** Where each given field came from, to say where a later row disagrees. */
  fieldLines: Map<string, { line: number; value: unknown }>;
  parts: Line[];
  partLines: number[];
};

const PRODUCT_COLUMNS = [
  'name',
  'revenuePerDay',
  'revenuePerYear',
  'currency',
  'coverDays',
] as const;
const YES = new Set(['yes', 'y', 'true', '1', 'x', 'single', 'sole']);
const NO = new Set(['no', 'n', 'false', '0', '']);

const cellText = (cell: string | undefined) =>
  cell === undefined ? undefined : restoreCell(cell.trim());

/** "1 250 000", "1,250,000.50" and "12.5" as numbers; blank as null; anything else NaN. */
export function amountOf(text: string): number | null {
  const plain = text.replace(/[\s,_]/g, '');
  if (plain === '') return null;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(plain) ? Number(plain) : Number.NaN;
}

/** A cell as an amount ("1 250 000" → 1250000; blank → null); anything else: a problem. */
function amount(cell: string | undefined, field: string, issues: RowIssue[], line: number) {
  const text = cellText(cell);
  if (text === undefined) return undefined;
  const value = amountOf(text);
  if (Number.isNaN(value)) {
    issues.push({ line, field, message: `"${text}" is not a number` });
    return undefined;
  }
  return value;
}

/** "60%" and "60" → 0.6, "0.6" → 0.6; blank → 1 (the whole supply). */
function shareOf(cell: string | undefined, issues: RowIssue[], line: number): number {
  const text = cellText(cell)?.replace(/\s/g, '') ?? '';
  if (text === '') return 1;
  const percent = text.endsWith('%');
  const value = Number(percent ? text.slice(0, -1) : text);
  if (!Number.isFinite(value)) {
    issues.push({ line, field: 'share', message: `"${text}" is not a share` });
    return 1;
  }
  return percent || value > 1 ? value / 100 : value;
}

/**
 * A products file checked as the server will: rows grouped by SKU into products (a row per
 * line of the bill of materials), each product's values given once (a later row may repeat
 * them, not change them), and each product through the contract's schema. Issues are on the
 * file's lines; `partLines` places the server's errors on a part's own line.
 */
export function checkProductImport(file: ParsedFile, mapping: ColumnMapping): ImportCheck {
  const issues: RowIssue[] = [];
  const drafts = new Map<string, Draft>();
  for (const { line, cells } of file.rows) {
    const record = cellsOf(cells, mapping) as Partial<Record<ProductFieldKey, string>>;
    const sku = cellText(record.sku) ?? '';
    if (!sku) {
      issues.push({ line, field: 'sku', message: 'sku is required' });
      continue;
    }
    const draft: Draft = drafts.get(sku) ?? {
      line,
      // A product's name is required: blank until a row gives it.
      fields: { sku, name: '' },
      fieldLines: new Map(),
      parts: [],
      partLines: [],
    };
    drafts.set(sku, draft);
    for (const field of PRODUCT_COLUMNS) {
      const value =
        field === 'name'
          ? cellText(record.name)
          : field === 'currency'
            ? cellText(record.currency)?.toUpperCase()
            : amount(record[field], field, issues, line);
      if (value === undefined || value === null || value === '') continue;
      const earlier = draft.fieldLines.get(field);
      if (earlier && earlier.value !== value) {
        issues.push({
          line,
          field,
          message: `differs from line ${earlier.line} of the same SKU: give a product's values once`,
        });
      } else if (!earlier) {
        draft.fieldLines.set(field, { line, value });
        draft.fields[field] = value;
      }
    }
    const part = cellText(record.part) ?? '';
    const siteRef = cellText(record.siteRef) ?? '';
    if (part || siteRef) {
      if (!part) issues.push({ line, field: 'part', message: 'part is required with a site' });
      if (!siteRef) {
        issues.push({ line, field: 'siteRef', message: 'give the site that supplies the part' });
      }
      const single = (cellText(record.singleSource) ?? '').toLowerCase();
      if (!YES.has(single) && !NO.has(single)) {
        issues.push({ line, field: 'singleSource', message: `"${single}" is not yes or no` });
      }
      const share = shareOf(record.share, issues, line);
      // A line without its part or site is already an issue: the schema need not say it again.
      if (part && siteRef) {
        draft.parts.push({ part, siteRef, share, singleSource: YES.has(single) });
        draft.partLines.push(line);
      }
    }
  }
  const rows: unknown[] = [];
  for (const draft of drafts.values()) {
    const product = { ...draft.fields, ...(draft.parts.length > 0 ? { parts: draft.parts } : {}) };
    const parsed = ProductInput.safeParse(product);
    if (parsed.success) {
      rows.push(parsed.data);
      continue;
    }
    for (const issue of parsed.error.issues) {
      const [first, index, key] = issue.path.map(String);
      const onPart = first === 'parts' && index !== undefined;
      issues.push({
        line: onPart ? (draft.partLines[Number(index)] ?? draft.line) : draft.line,
        field: onPart ? (key ?? 'part') : (first ?? 'sku'),
        message: issue.message,
      });
    }
  }
  issues.sort((a, b) => a.line - b.line);
  const list = [...drafts.values()];
  return {
    kind: 'products',
    rows: issues.length === 0 ? rows : [],
    lines: list.map((draft) => draft.line),
    partLines: list.map((draft) => draft.partLines),
    issues,
    rowCount: file.rows.length,
  };
}
