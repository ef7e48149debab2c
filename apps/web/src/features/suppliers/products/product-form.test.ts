import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT, amountOf, toProductInput } from './product-form';

const SITE_A = '00000000-0000-4000-8000-000000000001';
const SITE_B = '00000000-0000-4000-8000-000000000002';

describe('the product form', () => {
  it('reads amounts as people type them', () => {
    expect(amountOf('1 250 000')).toBe(1_250_000);
    expect(amountOf('1,250.50')).toBe(1250.5);
    expect(amountOf('')).toBeNull();
    expect(amountOf('12 days')).toBeNaN();
  });

  it('sends a year of revenue as such, shares as fractions, single sources whole', () => {
    const converted = toProductInput({
      ...EMPTY_PRODUCT,
      sku: 'GB-100',
      name: 'Gearbox',
      revenue: '7,300,000',
      period: 'year',
      currency: 'usd',
      coverDays: '4',
      parts: [
        { part: 'Housing', siteId: SITE_A, sharePercent: '60', singleSource: false },
        { part: 'Housing', siteId: SITE_B, sharePercent: '40', singleSource: false },
        { part: 'Shaft', siteId: SITE_B, sharePercent: '30', singleSource: true },
      ],
    });
    expect(converted.value).toMatchObject({
      revenuePerYear: 7_300_000,
      currency: 'USD',
      coverDays: 4,
      parts: [
        { part: 'Housing', siteId: SITE_A, share: 0.6 },
        { part: 'Housing', siteId: SITE_B, share: 0.4 },
        { part: 'Shaft', siteId: SITE_B, share: 1, singleSource: true },
      ],
    });
  });

  it("puts the contract's refusals on the form's fields", () => {
    const converted = toProductInput({
      ...EMPTY_PRODUCT,
      sku: 'GB-100',
      name: '',
      revenue: 'lots',
      parts: [
        { part: 'Housing', siteId: SITE_A, sharePercent: '70', singleSource: false },
        { part: 'Housing', siteId: '', sharePercent: '40', singleSource: false },
      ],
    });
    expect(converted.problems).toEqual([
      { field: 'revenue', message: 'Enter a number' },
      { field: 'parts.1.siteId', message: 'Choose a site' },
    ]);
    const shares = toProductInput({
      ...EMPTY_PRODUCT,
      sku: 'GB-100',
      name: 'Gearbox',
      parts: [
        { part: 'Housing', siteId: SITE_A, sharePercent: '70', singleSource: false },
        { part: 'Housing', siteId: SITE_B, sharePercent: '40', singleSource: false },
      ],
    });
    expect(shares.problems).toEqual([
      {
        field: 'parts.1.sharePercent',
        message: 'the shares of part "Housing" add up to 110%, more than 100%',
      },
    ]);
  });
});
