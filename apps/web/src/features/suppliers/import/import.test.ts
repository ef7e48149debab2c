import { describe, expect, it } from 'vitest';
import { isoDateOf, toShipmentInput, toSiteInput } from './convert';
import { SHIPMENT_FIELDS, SITE_FIELDS, autoMapping } from './fields';
import { fileProblem, parseCsv, sheetToParsedFile, type ParsedFile } from './parse-file';
import { checkImport, issuesOnLines } from './validate';
import { sitesCsv, templateCsv } from './template';
import * as WEB_MESSAGES from '@/config/messages';

const parsed = (text: string) => {
  const result = parseCsv(text);
  if ('problem' in result) throw new Error(result.problem);
  return result;
};

describe('reading a CSV file', () => {
  it('knows the line each row starts on, across blank lines and quoted line breaks', () => {
    const file = parsed('name,note\nA,one\n\nB,"two\nlines"\nC,three\n');
    expect(file.headers).toEqual(['name', 'note']);
    expect(file.rows.map((row) => [row.line, row.cells[0]])).toEqual([
      [2, 'A'],
      [4, 'B'],
      [6, 'C'],
    ]);
    expect(parsed('name\r\nA\r\n\r\nB\r\n').rows.map((row) => row.line)).toEqual([2, 4]);
  });

  it('refuses a 200 MB file and a spreadsheet before reading it, and a file with no rows', () => {
    expect(fileProblem({ name: 'big.csv', size: 200 * 1024 * 1024 })).toBe(
      WEB_MESSAGES.importFile.tooLarge(200 * 1024 * 1024),
    );
    expect(fileProblem({ name: 'suppliers.xls', size: 10 })).toBe(WEB_MESSAGES.importFile.notCsv);
    expect(fileProblem({ name: 'suppliers.numbers', size: 10 })).toBe(
      WEB_MESSAGES.importFile.notCsv,
    );
    expect(fileProblem({ name: 'suppliers.xlsx', size: 10 })).toBeNull();
    expect(parseCsv('name,city\n')).toEqual({ problem: WEB_MESSAGES.importFile.empty });
  });
});

describe('mapping columns', () => {
  it('matches headers by key, label or alias, whatever their case and punctuation', () => {
    const mapping = autoMapping(SITE_FIELDS, [
      '\uFEFFVendor ID',
      'Supplier Name',
      'Country',
      'E-mail',
      'Latitude',
      'lon',
      'Unrelated',
    ]);
    expect(mapping).toMatchObject({
      externalRef: 0,
      name: 1,
      country: 2,
      contactEmail: 3,
      lat: 4,
      lng: 5,
      city: null,
    });
    // "lat" belongs to the current position of a shipment only when nothing else claims it.
    expect(
      autoMapping(SHIPMENT_FIELDS, ['PO Number', 'mode', 'Origin', 'POD', 'lat', 'lng']),
    ).toMatchObject({
      reference: 0,
      mode: 1,
      originName: 2,
      destinationLocode: 3,
      currentLat: 4,
      currentLng: 5,
    });
  });
});

describe('converting rows', () => {
  it('reads a site row: country names, numbers, lists, blanks as cleared', () => {
    expect(
      toSiteInput({
        externalRef: 'V-1',
        name: ' Acme ',
        kind: 'own facility',
        tier: '2',
        country: 'Germany',
        lat: '',
        lng: '',
        products: 'bolts; nuts;',
        contactEmail: '',
        annualSpend: '1 250 000',
        revenuePerDay: '40 000',
        recoveryDays: '21',
        currency: 'eur',
      }),
    ).toEqual({
      value: {
        externalRef: 'V-1',
        name: 'Acme',
        kind: 'OWN_FACILITY',
        tier: 2,
        countryCode: 'DE',
        products: ['bolts', 'nuts'],
        contact: null,
        annualSpend: 1250000,
        revenuePerDay: 40000,
        recoveryDays: 21,
        currency: 'EUR',
      },
      problems: [],
    });
  });

  it('names the column of every problem in a site row', () => {
    const result = toSiteInput({
      name: '',
      country: 'Narnia',
      lat: '95',
      lng: 'east',
      tier: '7',
      revenuePerDay: '-5',
      recoveryDays: '2.5',
    });
    expect(result.problems.map((problem) => problem.field).sort()).toEqual(
      ['country', 'lng', 'name', 'recoveryDays', 'revenuePerDay', 'tier'].sort(),
    );
    expect(toSiteInput({ name: 'X', lat: '91', lng: '0' }).problems).toEqual([
      { field: 'lat', message: expect.stringMatching(/90/) as string },
    ]);
  });

  it('reads a shipment row with its ends, dates and suppliers, and refuses dates that do not parse', () => {
    expect(
      toShipmentInput({
        reference: 'PO-1',
        mode: 'sea',
        originLocode: 'cnsha',
        destinationName: 'Rotterdam',
        eta: '2026-04-02',
        departureAt: '2026-03-01T10:00:00+02:00',
        siteRefs: 'V-1; V-2',
      }).value,
    ).toEqual({
      reference: 'PO-1',
      mode: 'SEA',
      origin: { locode: 'CNSHA' },
      destination: { name: 'Rotterdam' },
      departureAt: '2026-03-01T08:00:00.000Z',
      eta: '2026-04-02T00:00:00.000Z',
      siteRefs: ['V-1', 'V-2'],
    });
    for (const date of [
      '31/12/2026',
      '2026-02-30',
      '2026-13-01',
      'next week',
      '2026-01-01T25:00',
    ]) {
      expect(isoDateOf(date)).toBeNull();
    }
    // A tracking system's position with the time it was seen; a time with no position is refused.
    const tracked = toShipmentInput({
      reference: 'PO-3',
      mode: 'SEA',
      originLocode: 'CNSHA',
      destinationLocode: 'NLRTM',
      currentLat: '12.5',
      currentLng: '43.3',
      positionAt: '2026-03-10T06:00:00Z',
    });
    expect(tracked.value).toMatchObject({
      currentPosition: { lat: 12.5, lng: 43.3 },
      positionAt: '2026-03-10T06:00:00.000Z',
    });
    expect(
      toShipmentInput({
        reference: 'PO-4',
        mode: 'SEA',
        originLocode: 'CNSHA',
        destinationLocode: 'NLRTM',
        positionAt: '2026-03-10',
      }).problems.map((problem) => problem.field),
    ).toEqual(['positionAt']);
    expect(autoMapping(SHIPMENT_FIELDS, ['PO', 'Last seen']).positionAt).toBe(1);
    // A cargo's value with its currency; a value alone, or in no known currency, is refused.
    const valued = toShipmentInput({
      reference: 'PO-5',
      mode: 'SEA',
      originLocode: 'CNSHA',
      destinationLocode: 'NLRTM',
      cargoValue: '1 250 000',
      cargoCurrency: 'usd',
    });
    expect(valued.value).toMatchObject({ cargoValue: 1_250_000, cargoCurrency: 'USD' });
    const refusedCargo = (cells: { cargoValue?: string; cargoCurrency?: string }) =>
      toShipmentInput({
        reference: 'PO-6',
        mode: 'SEA',
        originLocode: 'CNSHA',
        destinationLocode: 'NLRTM',
        ...cells,
      }).problems.map((problem) => problem.field);
    expect(refusedCargo({ cargoValue: '900' })).toEqual(['cargoCurrency']);
    expect(refusedCargo({ cargoValue: '900', cargoCurrency: 'XQQ' })).toEqual(['cargoCurrency']);
    expect(refusedCargo({ cargoValue: '-5', cargoCurrency: 'EUR' })).toEqual(['cargoValue']);
    expect(autoMapping(SHIPMENT_FIELDS, ['PO', 'Goods value', 'Currency']).cargoValue).toBe(1);
    expect(autoMapping(SHIPMENT_FIELDS, ['PO', 'Goods value', 'Currency']).cargoCurrency).toBe(2);
    const bad = toShipmentInput({ reference: 'PO-2', mode: 'SEA', originName: 'A', eta: 'soon' });
    expect(bad.problems.map((problem) => problem.field).sort()).toEqual([
      'destinationLocode',
      'eta',
    ]);
  });
});

describe('checking a file', () => {
  const file: ParsedFile = parsed(
    'ref,name,country\nV-1,Acme,DE\nV-2,,FR\nV-1,Again,IT\nV-3,Fine,Atlantis\n',
  );
  const mapping = autoMapping(SITE_FIELDS, file.headers);

  it('lists every problem with its line, duplicates included, and holds the rows back', () => {
    const check = checkImport('sites', file, mapping);
    expect(check.issues.map((issue) => [issue.line, issue.field])).toEqual([
      [3, 'name'],
      [4, 'externalRef'],
      [5, 'country'],
    ]);
    expect(check.issues[1]?.message).toBe('"V-1" is also on line 2: each site once per file');
    expect(check.rows).toEqual([]);
  });

  it('places the server’s row errors on the file’s lines', () => {
    expect(
      issuesOnLines(
        'shipments',
        [{ path: 'shipments.1.origin.locode', message: 'unknown' }],
        [2, 5, 9],
      ),
    ).toEqual([{ line: 5, field: 'originLocode', message: 'unknown' }]);
  });
});

describe('templates and exports', () => {
  it('offers every column with an example that imports cleanly', () => {
    const template = parsed(templateCsv('sites'));
    const check = checkImport('sites', template, autoMapping(SITE_FIELDS, template.headers));
    expect(check.issues).toEqual([]);
    const shipments = parsed(templateCsv('shipments'));
    expect(
      checkImport('shipments', shipments, autoMapping(SHIPMENT_FIELDS, shipments.headers)).issues,
    ).toEqual([]);
  });

  it('exports sites that import back unchanged, formulas neutralised', () => {
    const site = {
      id: '00000000-0000-4000-8000-000000000001',
      externalRef: 'V-9',
      name: '=HYPERLINK("http://evil.example","Click")',
      kind: 'SUPPLIER' as const,
      tier: 1,
      criticality: 'HIGH' as const,
      address: '-1 Minus Street',
      city: 'Hamburg',
      countryCode: 'DE',
      location: { lat: 53.55, lng: -9.99 },
      products: ['a', '@b'],
      contact: null,
      annualSpend: null,
      revenuePerDay: 40_000,
      recoveryDays: 21,
      currency: null,
      archivedAt: null,
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const csv = sitesCsv([site]);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(csv).toContain(`'-1 Minus Street`);
    expect(csv).toContain(',-9.99,');
    const back = parsed(csv);
    const check = checkImport('sites', back, autoMapping(SITE_FIELDS, back.headers));
    expect(check.rows[0]).toMatchObject({
      name: site.name,
      address: site.address,
      location: site.location,
      products: ['a', '@b'],
      revenuePerDay: 40_000,
      recoveryDays: 21,
    });
  });
});

describe('reading an Excel workbook', () => {
  it('reads the first sheet like a CSV: header, rows with their sheet numbers, dates as dates', async () => {
    // A real .xlsx, written and read back by the libraries (the browser reads it the same way).
    const { default: writeXlsxFile } = await import('write-excel-file/node');
    const { readSheet } = await import('read-excel-file/node');
    const workbook = await writeXlsxFile([
      [null, null, null],
      [{ value: 'externalRef' }, { value: 'name' }, { value: 'since' }],
      [
        { value: 'S-1' },
        { value: 'Acme, Ltd.' },
        { value: new Date('2025-03-01T00:00:00Z'), type: Date, format: 'yyyy-mm-dd' },
      ],
      [null, null, null],
      [{ value: 'S-2' }, { value: 1234, type: Number }, null],
    ]).toBuffer();
    const file = sheetToParsedFile(await readSheet(workbook));
    expect(file).toEqual({
      headers: ['externalRef', 'name', 'since'],
      rows: [
        { line: 3, cells: ['S-1', 'Acme, Ltd.', '2025-03-01'] },
        { line: 5, cells: ['S-2', '1234', ''] },
      ],
    });
    expect(sheetToParsedFile([['name'], [null]])).toEqual({
      problem: WEB_MESSAGES.importFile.empty,
    });
  });
});
