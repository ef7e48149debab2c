import { describe, expect, it } from 'vitest';
import { PRODUCT_FIELDS, autoMapping } from './fields';
import { parseCsv } from './parse-file';
import { checkProductImport } from './products';
import { issuesOnLines } from './validate';
import { templateCsv } from './template';

const fileOf = (text: string) => {
  const file = parseCsv(text);
  if ('problem' in file) throw new Error(file.problem);
  return file;
};
const check = (text: string) => {
  const file = fileOf(text);
  return checkProductImport(file, autoMapping(PRODUCT_FIELDS, file.headers));
};

describe('a products file', () => {
  it("groups a product's rows by SKU into its bill of materials", () => {
    const result = check(
      [
        'Product,Description,Annual revenue,Currency,Days on hand,Component,Vendor ID,Split,Sole source',
        'GB-100,Gearbox,"7,300,000",usd,4,Housing,V-1,60%,no',
        'GB-100,,,,,Housing,V-2,40,',
        'GB-100,Gearbox,,,,Shaft,V-2,,yes',
        'PM-7,Pump,,,,,,,',
      ].join('\n'),
    );
    expect(result.issues).toEqual([]);
    expect(result.rows).toEqual([
      {
        sku: 'GB-100',
        name: 'Gearbox',
        revenuePerYear: 7_300_000,
        currency: 'USD',
        coverDays: 4,
        parts: [
          { part: 'Housing', siteRef: 'V-1', share: 0.6, singleSource: false },
          { part: 'Housing', siteRef: 'V-2', share: 0.4, singleSource: false },
          { part: 'Shaft', siteRef: 'V-2', share: 1, singleSource: true },
        ],
      },
      { sku: 'PM-7', name: 'Pump' },
    ]);
    expect(result.lines).toEqual([2, 5]);
    expect(result.partLines).toEqual([[2, 3, 4], []]);
  });

  it('puts every problem on its line', () => {
    const result = check(
      [
        'sku,name,revenuePerDay,part,siteRef,share,singleSource',
        'A,Axle,lots,Rod,V-1,70%,no',
        'A,Axle 2,,Rod,V-2,40%,maybe',
        ',Nameless,,,,,',
        'B,,,Bolt,,,',
      ].join('\n'),
    );
    expect(result.rows).toEqual([]);
    expect(result.issues).toEqual([
      { line: 2, field: 'revenuePerDay', message: '"lots" is not a number' },
      {
        line: 3,
        field: 'name',
        message: "differs from line 2 of the same SKU: give a product's values once",
      },
      { line: 3, field: 'singleSource', message: '"maybe" is not yes or no' },
      {
        line: 3,
        field: 'share',
        message: 'the shares of part "Rod" add up to 110%, more than 100%',
      },
      { line: 4, field: 'sku', message: 'sku is required' },
      { line: 5, field: 'siteRef', message: 'give the site that supplies the part' },
      { line: 5, field: 'name', message: 'name is required' },
    ]);
  });

  it("places the server's errors on a part's own line", () => {
    const result = check(['sku,name,part,siteRef', 'A,Axle,Rod,V-1', 'A,Axle,Nut,NOPE'].join('\n'));
    expect(
      issuesOnLines(
        'products',
        [{ path: 'products.0.parts.1.siteRef', message: 'no site' }],
        result.lines,
        result.partLines,
      ),
    ).toEqual([{ line: 3, field: 'siteRef', message: 'no site' }]);
  });

  it('reads its own template', () => {
    expect(check(templateCsv('products')).issues).toEqual([]);
  });
});
