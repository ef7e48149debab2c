/**
 * An amount in its currency, without cents ("€1,200,000"; a well-formed code Intl has no symbol
 * for is written before the number, "XQQ 5,000"); without a currency, or with one that is not
 * a three-letter code, the number and the code as given ("5,000 EURO"). The web and the server's
 * writing (reports, the analysis assistant) write amounts the same way.
 */
export function formatMoney(amount: number, currency: string | null): string {
  if (currency) {
    try {
      return new Intl.NumberFormat('en', {
        style: 'currency',
        currency,
        maximumFractionDigits: 0,
      }).format(amount);
    } catch {
      // Not an ISO 4217 code: the number and the code as given, below.
    }
  }
  const number = new Intl.NumberFormat('en', { maximumFractionDigits: 0 }).format(amount);
  return currency ? `${number} ${currency}` : number;
}

/** An organization's currency and the rates it keeps for others (CurrencySettings). */
export type CurrencyTable = {
  currency: string;
  rates: readonly { currency: string; rate: number }[];
};

/** Sums in several currencies, counted in the organization's. */
export type ConvertedTotal = {
  /** The organization's currency. */
  currency: string;
  /** The sum of every amount that could be counted in it. */
  amount: number;
  /** The amounts converted into it, per currency, with the rate used (largest first). */
  converted: { currency: string; amount: number; rate: number }[];
  /** Sums in currencies the table has no rate for, left out of `amount` (largest first). */
  unconverted: { currency: string; amount: number }[];
};

/**
 * Counts per-currency sums in the organization's currency: an amount without a currency, or in
 * the organization's own, counts as it is; another is multiplied by its rate; one with no rate
 * is kept apart, never guessed.
 */
export function convertTotals(
  totals: readonly { currency: string | null; amount: number }[],
  table: CurrencyTable,
): ConvertedTotal {
  const rates = new Map(table.rates.map(({ currency, rate }) => [currency, rate]));
  const result: ConvertedTotal = {
    currency: table.currency,
    amount: 0,
    converted: [],
    unconverted: [],
  };
  for (const { currency, amount } of totals) {
    const code = currency?.toUpperCase() ?? table.currency;
    const rate = code === table.currency ? 1 : rates.get(code);
    if (rate === undefined) {
      result.unconverted.push({ currency: code, amount });
      continue;
    }
    result.amount += amount * rate;
    if (code !== table.currency) result.converted.push({ currency: code, amount, rate });
  }
  result.converted.sort((a, b) => b.amount * b.rate - a.amount * a.rate);
  result.unconverted.sort((a, b) => b.amount - a.amount);
  return result;
}
