/** Minor units (cents) to the two-decimal major-unit string: 499 -> "4.99". */
export function toMajorUnits(minor: number): string {
  return (Math.round(minor) / 100).toFixed(2);
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A price in minor units with its currency, two decimals: 499 -> "$4.99". */
export function formatPrice(minorUnits: number, currency = 'USD', locale = 'en-US'): string {
  const amount = Math.round(minorUnits) / 100;
  try {
    return formatterFor(currency.toUpperCase(), locale).format(amount);
  } catch {
    // An unknown currency code must not break a page; show the amount with the code.
    return `${toMajorUnits(minorUnits)} ${currency}`;
  }
}
