import { describe, expect, it } from 'vitest';
import { convertTotals, formatMoney } from './money.js';
import { CurrencySettings } from './settings.js';

const EUR_BOOK = {
  currency: 'EUR',
  rates: [
    { currency: 'USD', rate: 0.92 },
    { currency: 'JPY', rate: 0.0062 },
  ],
};

describe('convertTotals', () => {
  it("counts amounts in the organization's currency, with each rate used", () => {
    const total = convertTotals(
      [
        { currency: 'USD', amount: 1_000 },
        { currency: 'EUR', amount: 500 },
        { currency: 'JPY', amount: 1_000_000 },
      ],
      EUR_BOOK,
    );
    // 1,000 × 0.92 + 500 + 1,000,000 × 0.0062 = 920 + 500 + 6,200
    expect(total.amount).toBeCloseTo(7_620, 6);
    expect(total.currency).toBe('EUR');
    expect(total.converted).toEqual([
      { currency: 'JPY', amount: 1_000_000, rate: 0.0062 },
      { currency: 'USD', amount: 1_000, rate: 0.92 },
    ]);
    expect(total.unconverted).toEqual([]);
  });

  it("takes an amount without a currency to be in the organization's", () => {
    const total = convertTotals([{ currency: null, amount: 250 }], EUR_BOOK);
    expect(total).toEqual({ currency: 'EUR', amount: 250, converted: [], unconverted: [] });
  });

  it('keeps apart what it has no rate for, and never guesses one', () => {
    const total = convertTotals(
      [
        { currency: 'gbp', amount: 40 },
        { currency: 'CHF', amount: 90 },
        { currency: 'USD', amount: 100 },
      ],
      EUR_BOOK,
    );
    expect(total.amount).toBeCloseTo(92, 6);
    expect(total.unconverted).toEqual([
      { currency: 'CHF', amount: 90 },
      { currency: 'GBP', amount: 40 },
    ]);
  });

  it('gives nothing for nothing', () => {
    expect(convertTotals([], EUR_BOOK).amount).toBe(0);
  });
});

describe('CurrencySettings', () => {
  const parse = (value: unknown) => CurrencySettings.safeParse(value);
  const messages = (value: unknown) => parse(value).error?.issues.map((issue) => issue.message);

  it('accepts a currency, its rates and the day they were taken', () => {
    expect(parse({ currency: 'EUR', rates: EUR_BOOK.rates, ratesAsOf: '2026-11-27' }).success).toBe(
      true,
    );
  });

  it("refuses a rate for the organization's own currency and a currency twice", () => {
    expect(
      messages({
        currency: 'EUR',
        rates: [
          { currency: 'EUR', rate: 1 },
          { currency: 'USD', rate: 0.9 },
          { currency: 'USD', rate: 0.91 },
        ],
        ratesAsOf: null,
      }),
    ).toEqual(["EUR is the organization's own currency: it needs no rate", 'USD has two rates']);
  });

  it('refuses unknown currencies, rates of 0 or less, and a date that is not one', () => {
    expect(parse({ currency: 'XQQ', rates: [], ratesAsOf: null }).success).toBe(false);
    expect(
      messages({ currency: 'EUR', rates: [{ currency: 'USD', rate: 0 }], ratesAsOf: null }),
    ).toEqual(['rate must be more than 0']);
    expect(parse({ currency: 'EUR', rates: [], ratesAsOf: '27/11/2026' }).success).toBe(false);
  });
});

describe('formatMoney', () => {
  it('writes an amount in its currency without cents', () => {
    expect(formatMoney(7_620.4, 'EUR')).toBe('€7,620');
    expect(formatMoney(5_000, 'XQQ')).toBe('XQQ\u00a05,000');
    expect(formatMoney(5_000, 'EURO')).toBe('5,000 EURO');
    expect(formatMoney(5_000, null)).toBe('5,000');
  });
});
