import type { Severity } from '@meridian/contracts';

/** The pieces every page of a report is drawn with: type, colours, text that fits, tables. */
export type Doc = PDFKit.PDFDocument;

export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' };
export const COLOR = {
  ink: '#111827',
  muted: '#6b7280',
  rule: '#e5e7eb',
  band: '#f3f4f6',
  accent: '#1d4ed8',
};
/** The web app's severity colours (Tailwind red-600, orange-500, yellow-400, green-600). */
export const SEVERITY_COLOR: Record<Severity, string> = {
  CRITICAL: '#dc2626',
  HIGH: '#f97316',
  MEDIUM: '#facc15',
  LOW: '#16a34a',
};

/** Characters outside WinAnsi (what the standard Helvetica shows) that have a close stand-in. */
const STAND_INS: Record<string, string> = {
  '→': '->',
  '←': '<-',
  '↔': '<->',
  '⇒': '=>',
  '≥': '>=',
  '≤': '<=',
  '≠': '!=',
  '≈': '~',
  '−': '-',
  '‐': '-',
  '‑': '-',
  '′': "'",
  '″': '"',
  '✓': 'v',
  '✔': 'v',
  '✗': 'x',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
  ħ: 'h',
  '\t': '    ',
  '\u200b': '',
  '\u2009': ' ',
  '\u202f': ' ',
};
/** WinAnsi beyond Latin-1, as pdfkit encodes it. */
const WIN_ANSI_EXTRA = new Set('ƒ–—‘’‚“”„†‡•…€‰‹›ˆ™ŒœŠšŸŽž˜');
const shown = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return (
    char === '\n' ||
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xff) ||
    WIN_ANSI_EXTRA.has(char)
  );
};

/**
 * Text as the standard Helvetica can show it: a stand-in (→ as ->, ş as s) for what WinAnsi
 * lacks, `?` when there is none; line breaks kept, other control characters dropped.
 */
export function printable(text: string): string {
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n')) {
    if (shown(char)) out += char;
    else if (char in STAND_INS) out += STAND_INS[char];
    else if ((char.codePointAt(0) ?? 0) < 0x20) continue;
    else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base && [...base].every(shown) ? base : '?';
    }
  }
  return out;
}

/** "24 Nov 2026 08:00", in UTC (a report says so once, at its top). */
export function formatTime(time: Date | string | null | undefined): string {
  if (!time) return '—';
  const date = typeof time === 'string' ? new Date(time) : time;
  if (Number.isNaN(date.getTime())) return '—';
  const [, day, month, year, clock] =
    /^\w+, (\d+) (\w+) (\d+) (\d+:\d+)/.exec(date.toUTCString()) ?? [];
  return `${day} ${month} ${year} ${clock}`;
}

export const humanize = (value: string) =>
  value.charAt(0) + value.slice(1).toLowerCase().replaceAll('_', ' ');

export const contentWidth = (doc: Doc) =>
  doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottomOf = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page unless `height` points still fit on this one. */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottomOf(doc)) doc.addPage();
}

/** A section title with a rule under it, kept on the page of what follows. */
export function heading(doc: Doc, title: string, keepWith = 60): void {
  ensureSpace(doc, 30 + keepWith);
  const x = doc.page.margins.left;
  doc.moveDown(0.6);
  doc.font(FONT.bold).fontSize(13).fillColor(COLOR.ink).text(printable(title), x, doc.y);
  const y = doc.y + 2;
  doc
    .moveTo(x, y)
    .lineTo(x + contentWidth(doc), y)
    .lineWidth(0.8)
    .strokeColor(COLOR.rule)
    .stroke();
  doc.y = y + 6;
}

/** A paragraph in the body type; it flows onto new pages as needed. */
export function paragraph(doc: Doc, text: string, options: { color?: string; size?: number } = {}) {
  doc
    .font(FONT.regular)
    .fontSize(options.size ?? 9.5)
    .fillColor(options.color ?? COLOR.ink)
    .text(printable(text), doc.page.margins.left, doc.y, { width: contentWidth(doc) });
}

export type Column = { header: string; width: number; align?: 'left' | 'right' };

/** Longest text of one table cell: a row must fit on a page. */
const CELL_MAX = 1200;
const PAD = 4;

/**
 * A table across the content width (column widths are relative). A row that does not fit
 * starts a new page, which repeats the header; rows are never split.
 */
export function table(doc: Doc, columns: readonly Column[], rows: readonly string[][]): void {
  const x0 = doc.page.margins.left;
  const total = columns.reduce((sum, column) => sum + column.width, 0);
  const widths = columns.map((column) => (column.width / total) * contentWidth(doc));
  const cells = rows.map((row) =>
    row.map((cell) => {
      const text = printable(cell);
      return text.length > CELL_MAX ? `${text.slice(0, CELL_MAX - 1)}…` : text;
    }),
  );
  const rowHeight = (row: readonly string[], font: string) => {
    doc.font(font).fontSize(8);
    return (
      Math.max(
        ...row.map((cell, i) =>
          doc.heightOfString(cell || ' ', { width: (widths[i] ?? 0) - 2 * PAD }),
        ),
      ) +
      2 * PAD
    );
  };
  const drawRow = (row: readonly string[], font: string, fill: string | null, height: number) => {
    const y = doc.y;
    if (fill) doc.rect(x0, y, contentWidth(doc), height).fill(fill);
    let x = x0;
    doc.font(font).fontSize(8).fillColor(COLOR.ink);
    row.forEach((cell, i) => {
      const width = widths[i] ?? 0;
      doc.text(cell, x + PAD, y + PAD, {
        width: width - 2 * PAD,
        align: columns[i]?.align ?? 'left',
      });
      x += width;
    });
    doc
      .moveTo(x0, y + height)
      .lineTo(x0 + contentWidth(doc), y + height)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
    doc.x = x0;
    doc.y = y + height;
  };
  const header = columns.map((column) => printable(column.header));
  const headerHeight = rowHeight(header, FONT.bold);
  ensureSpace(doc, headerHeight + (cells[0] ? rowHeight(cells[0], FONT.regular) : 0));
  drawRow(header, FONT.bold, COLOR.band, headerHeight);
  cells.forEach((row, index) => {
    const height = rowHeight(row, FONT.regular);
    if (doc.y + height > bottomOf(doc) - 1) {
      doc.addPage();
      drawRow(header, FONT.bold, COLOR.band, headerHeight);
    }
    drawRow(row, FONT.regular, index % 2 === 1 ? '#fafafa' : null, height);
  });
  doc.y += 6;
}

/** Label and value pairs in two columns, as a summary block. */
export function facts(doc: Doc, pairs: readonly (readonly [string, string])[]): void {
  const x0 = doc.page.margins.left;
  const half = contentWidth(doc) / 2;
  const labelWidth = 78;
  for (let i = 0; i < pairs.length; i += 2) {
    const y = doc.y;
    let bottom = y;
    for (const [offset, pair] of [pairs[i], pairs[i + 1]].entries()) {
      if (!pair) continue;
      const x = x0 + offset * half;
      doc.font(FONT.bold).fontSize(8.5).fillColor(COLOR.muted);
      doc.text(printable(pair[0]).toUpperCase(), x, y + 1, { width: labelWidth });
      doc.font(FONT.regular).fontSize(9.5).fillColor(COLOR.ink);
      doc.text(printable(pair[1]), x + labelWidth, y, { width: half - labelWidth - 10 });
      bottom = Math.max(bottom, doc.y);
    }
    doc.y = bottom + 3;
  }
  doc.x = x0;
}

/**
 * Page numbers and the report's name in each page's bottom margin, once all pages exist.
 * The margin is lifted while writing there, or pdfkit would start a new page.
 */
export function footers(doc: Doc, left: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - bottom + 18;
    const x = doc.page.margins.left;
    doc.font(FONT.regular).fontSize(7.5).fillColor(COLOR.muted);
    doc.text(printable(left), x, y, { width: contentWidth(doc) * 0.75, lineBreak: false });
    doc.text(`Page ${i + 1 - range.start} of ${range.count}`, x, y, {
      width: contentWidth(doc),
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}
