/**
 * A cell a spreadsheet would run as a formula starts with one of these (OWASP, "CSV
 * injection"): `=HYPERLINK(…)` in a supplier's name must come back as text, never a link.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Plain numbers ("-12.5") are left alone: a spreadsheet reads them as numbers, not formulas. */
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The cell as text a spreadsheet shows and never evaluates: a formula gets a leading '. */
export const neutraliseCell = (value: string): string =>
  FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;

/** Undoes neutraliseCell on the way back in, so exporting and re-importing changes nothing. */
export const restoreCell = (value: string): string =>
  value.startsWith("'") && FORMULA_START.test(value.slice(1)) && !PLAIN_NUMBER.test(value.slice(1))
    ? value.slice(1)
    : value;

const quoted = (value: string) =>
  /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;

/**
 * RFC 4180 CSV with every cell neutralised, and a byte-order mark so spreadsheet programs read
 * it as UTF-8.
 */
export const toCsv = (rows: readonly (readonly string[])[]): string =>
  `\uFEFF${rows.map((row) => row.map((cell) => quoted(neutraliseCell(cell))).join(',')).join('\r\n')}\r\n`;

/** Offers text as a file download. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
