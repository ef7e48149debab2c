import { IMPORT_LIMITS } from '@meridian/contracts/constants';
import Papa from 'papaparse';
import * as WEB_MESSAGES from '@/config/messages';

/** A file's header and data rows, each with the line it starts on (the header is line 1). */
export type ParsedFile = {
  headers: string[];
  rows: { line: number; cells: string[] }[];
};

/** Spreadsheets read as they are: Excel workbooks (the first sheet). */
const WORKBOOK = /\.xlsx$/i;
/** Other spreadsheet formats: exported to CSV or .xlsx first. */
const SPREADSHEET = /\.(xlsm|xls|ods|numbers)$/i;

/** What is wrong with the file before it is read (size, type), or null. */
export function fileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (file.size > IMPORT_LIMITS.fileBytes) return WEB_MESSAGES.importFile.tooLarge(file.size);
  if (SPREADSHEET.test(file.name)) return WEB_MESSAGES.importFile.notCsv;
  return null;
}

/**
 * Parses CSV text (any delimiter Papa Parse detects, quoted cells over several lines), with the
 * line each row starts on: what the preview's errors point at.
 */
export function parseCsv(text: string): ParsedFile | { problem: string } {
  let headers: string[] | null = null;
  const rows: ParsedFile['rows'] = [];
  let line = 1;
  let position = 0;
  let problem: string | null = null;
  /** Lines between the end of the previous row and the start of this one, and within it. */
  const advance = (to: number) => {
    for (let index = position; index < to; index += 1) if (text.charCodeAt(index) === 10) line += 1;
    position = to;
  };
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    step: (result, parser) => {
      const end = result.meta.cursor;
      // The row starts after any blank lines: skip line breaks up to its first character.
      let start = position;
      while (start < end && (text[start] === '\n' || text[start] === '\r')) start += 1;
      advance(start);
      const startLine = line;
      advance(end);
      if (headers === null) {
        headers = result.data.map((header) => header.replace(/^\uFEFF/, '').trim());
        return;
      }
      if (rows.length >= IMPORT_LIMITS.rows) {
        problem = WEB_MESSAGES.importFile.tooManyRows;
        parser.abort();
        return;
      }
      rows.push({ line: startLine, cells: result.data });
    },
  });
  if (problem) return { problem };
  if (headers === null || rows.length === 0) return { problem: WEB_MESSAGES.importFile.empty };
  return { headers, rows };
}

/** A cell of a workbook as the text a CSV would have held: dates as ISO dates (or times). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/**
 * The rows of a workbook's first sheet as a ParsedFile: the first non-empty row is the header,
 * empty rows are skipped, and each row keeps its number in the sheet (what Excel shows).
 */
export function sheetToParsedFile(
  sheet: readonly (readonly unknown[])[],
): ParsedFile | { problem: string } {
  let headers: string[] | null = null;
  const rows: ParsedFile['rows'] = [];
  for (const [index, row] of sheet.entries()) {
    const cells = row.map(cellText);
    if (cells.every((cell) => cell === '')) continue;
    if (headers === null) {
      headers = cells;
      continue;
    }
    if (rows.length >= IMPORT_LIMITS.rows) return { problem: WEB_MESSAGES.importFile.tooManyRows };
    rows.push({ line: index + 1, cells });
  }
  if (headers === null || rows.length === 0) return { problem: WEB_MESSAGES.importFile.empty };
  return { headers, rows };
}

async function readWorkbook(file: File): Promise<ParsedFile | { problem: string }> {
  try {
    // Loaded only when a workbook is chosen: the import screen stays light for CSV.
    const { readSheet } = await import('read-excel-file/browser');
    return sheetToParsedFile(await readSheet(file));
  } catch (error) {
    return {
      problem: WEB_MESSAGES.importFile.unreadableWorkbook(
        error instanceof Error ? error.message : 'unknown',
      ),
    };
  }
}

/** Checks the file before reading it (a 200 MB file is refused unread), then parses it. */
export async function readImportFile(file: File): Promise<ParsedFile | { problem: string }> {
  const before = fileProblem(file);
  if (before) return { problem: before };
  if (WORKBOOK.test(file.name)) return readWorkbook(file);
  try {
    return parseCsv(await file.text());
  } catch (error) {
    return {
      problem: WEB_MESSAGES.importFile.unreadable(
        error instanceof Error ? error.message : 'unknown',
      ),
    };
  }
}
