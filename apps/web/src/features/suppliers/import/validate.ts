import { duplicateKeyIssues, type ErrorIssue } from '@meridian/contracts';
import {
  type CellRecord,
  type Converted,
  fieldOfPath,
  toShipmentInput,
  toSiteInput,
} from './convert';
import { FIELDS_OF, type ImportKind } from './fields';
import type { ParsedFile } from './parse-file';

/** Which file column each field reads (null: none). */
export type ColumnMapping = Record<string, number | null>;

/** A problem of the file, where people find it: its line and column. */
export type RowIssue = { line: number; field: string; message: string };

export type ImportCheck = {
  kind: ImportKind;
  /** Every row as the bulk endpoint takes it, in file order (only when there are no issues). */
  rows: unknown[];
  /** The line each row starts on, to place the server's row errors. */
  lines: number[];
  /** Products: the line of each part of each product, for the server's errors on a part. */
  partLines?: number[][];
  issues: RowIssue[];
  rowCount: number;
};

const KEY_FIELD: Record<ImportKind, string> = {
  sites: 'externalRef',
  shipments: 'reference',
  products: 'sku',
};

/** One row's cells by field, read through the mapping. */
export function cellsOf(cells: readonly string[], mapping: ColumnMapping): CellRecord<string> {
  const record: CellRecord<string> = {};
  for (const [field, column] of Object.entries(mapping)) {
    if (column !== null && column !== undefined) record[field] = cells[column] ?? '';
  }
  return record;
}

/**
 * Checks every row of the file as the server will, before anything is written: the contract's
 * schema, cells that do not convert (numbers, dates, countries), and a key given twice.
 */
export function checkImport(
  kind: ImportKind,
  file: ParsedFile,
  mapping: ColumnMapping,
): ImportCheck {
  const convert = kind === 'sites' ? toSiteInput : toShipmentInput;
  const issues: RowIssue[] = [];
  const rows: unknown[] = [];
  const keys: (string | null)[] = [];
  for (const { line, cells } of file.rows) {
    const record = cellsOf(cells, mapping);
    const converted: Converted<unknown> = convert(record);
    for (const problem of converted.problems) issues.push({ line, ...problem });
    rows.push(converted.value);
    keys.push(record[KEY_FIELD[kind]]?.trim() || null);
  }
  const lines = file.rows.map((row) => row.line);
  for (const duplicate of duplicateKeyIssues(keys)) {
    issues.push({
      line: lines[duplicate.index] ?? 0,
      field: KEY_FIELD[kind],
      message: `"${duplicate.key}" is also on line ${lines[duplicate.firstIndex] ?? '?'}: each ${kind === 'sites' ? 'site' : 'shipment'} once per file`,
    });
  }
  issues.sort((a, b) => a.line - b.line);
  return { kind, rows: issues.length === 0 ? rows : [], lines, issues, rowCount: file.rows.length };
}

/**
 * The server's row errors (`sites.12.city: …`) on the file's lines and columns; a product's
 * part's (`products.3.parts.1.siteRef`) on that part's line.
 */
export function issuesOnLines(
  kind: ImportKind,
  issues: readonly ErrorIssue[],
  lines: readonly number[],
  partLines: readonly (readonly number[])[] = [],
): RowIssue[] {
  return issues.flatMap((issue) => {
    const [, index, ...path] = issue.path.split('.');
    const partLine = path[0] === 'parts' ? partLines[Number(index)]?.[Number(path[1])] : undefined;
    if (partLine !== undefined) {
      return [{ line: partLine, field: path[2] ?? 'part', message: issue.message }];
    }
    const line = lines[Number(index)];
    if (line === undefined) return [];
    return [{ line, field: fieldOfPath(kind, path), message: issue.message }];
  });
}

/** A field's label, for messages. */
export const fieldLabel = (kind: ImportKind, key: string) =>
  FIELDS_OF[kind].find((field) => field.key === key)?.label ?? key;
