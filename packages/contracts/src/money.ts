/**
 * An amount in its currency, without cents ("€1,200,000"); without a currency, or with a code
 * Intl does not know, the number and the code as given ("5,000 XQQ"). The web and the server's
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
