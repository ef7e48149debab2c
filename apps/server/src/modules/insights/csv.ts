/** What a CSV cell may be given; null and undefined are empty cells. */
export type CsvValue = string | number | boolean | Date | null | undefined;

/** A spreadsheet reads a cell starting with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number such as `-12.5` stays a number: it cannot run anything. */
const PLAIN_NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;
/** RFC 4180: a field with a comma, a quote or a line break is quoted. */
const NEEDS_QUOTES = /[",\r\n]/;
/** Excel reads a file as UTF-8 only when it starts with a byte-order mark. */
const BOM = '\uFEFF';

/** One field: formulas neutralised with a leading `'`, then quoted when RFC 4180 asks for it. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'number') text = Number.isFinite(value) ? String(value) : '';
  else if (typeof value === 'boolean') text = String(value);
  else if (value instanceof Date) text = value.toISOString();
  else text = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (values: readonly CsvValue[]): string => values.map(csvCell).join(',');

/** A whole file: byte-order mark, header, rows, each line ended by CRLF. */
export function csvDocument(
  header: readonly string[],
  rows: Iterable<readonly CsvValue[]>,
): string {
  const lines = [csvLine(header)];
  for (const row of rows) lines.push(csvLine(row));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
