import { describe, expect, it } from 'vitest';
import { neutraliseCell, restoreCell, toCsv } from './csv';

describe('CSV cells', () => {
  it('neutralises every cell a spreadsheet would run as a formula, and nothing else', () => {
    for (const formula of [
      '=HYPERLINK("http://evil.example","Click")',
      '+1+cmd|/C calc',
      '-2+3',
      '@SUM(A1:A2)',
      '\t=1',
      '\r=1',
    ]) {
      expect(neutraliseCell(formula)).toBe(`'${formula}`);
    }
    for (const plain of ['Acme', '-12.5', '+44', '1e5', '', "O'Brien", ' =x']) {
      expect(neutraliseCell(plain)).toBe(plain);
    }
  });

  it('restores what it neutralised, so an export re-imports unchanged', () => {
    for (const value of ['=HYPERLINK("x")', '-2+3', '@x', "'quoted", "'-12", 'plain']) {
      expect(restoreCell(neutraliseCell(value))).toBe(value);
    }
  });

  it('writes RFC 4180 rows with a byte-order mark, quoting what needs it', () => {
    expect(
      toCsv([
        ['name', 'note'],
        ['Acme, Inc.', 'said "hi"'],
        ['=HYPERLINK("x")', 'two\nlines'],
      ]),
    ).toBe(
      '\uFEFFname,note\r\n"Acme, Inc.","said ""hi"""\r\n"\'=HYPERLINK(""x"")","two\nlines"\r\n',
    );
  });
});
