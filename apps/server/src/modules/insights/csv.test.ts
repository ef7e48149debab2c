import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, csvLine } from './csv.js';

describe('csvCell', () => {
  it('writes plain values as they are and empty cells for nothing', () => {
    expect(csvCell('Rotterdam')).toBe('Rotterdam');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(new Date('2026-11-24T08:00:00Z'))).toBe('2026-11-24T08:00:00.000Z');
  });

  it('quotes commas, quotes and line breaks as RFC 4180 says, doubling inner quotes', () => {
    expect(csvCell('Shanghai, CN')).toBe('"Shanghai, CN"');
    expect(csvCell('The "big" one')).toBe('"The ""big"" one"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('')).toBe('');
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","Click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Click"")"`,
    );
    expect(csvCell('+1+cmd|" /C calc"!A0')).toBe(`"'+1+cmd|"" /C calc""!A0"`);
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('-')).toBe("'-");
    expect(csvCell('-x')).toBe("'-x");
    // Only a leading character counts.
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('keeps plain negative numbers numeric, typed or as text', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell('-7')).toBe('-7');
    expect(csvCell('-0.25')).toBe('-0.25');
    expect(csvCell('-.5')).toBe('-.5');
    expect(csvCell('-12.5.1')).toBe("'-12.5.1");
    expect(csvCell('-1e3')).toBe("'-1e3");
  });
});

describe('csvDocument', () => {
  it('starts with a byte-order mark and ends every line with CRLF', () => {
    const text = csvDocument(
      ['id', 'name', 'lat'],
      [
        ['a1', 'Port of "Antwerp", BE', -12.5],
        ['a2', '=1+1', null],
      ],
    );
    expect(text).toBe('\uFEFFid,name,lat\r\na1,"Port of ""Antwerp"", BE",-12.5\r\na2,\'=1+1,\r\n');
    expect(csvLine([])).toBe('');
  });
});
