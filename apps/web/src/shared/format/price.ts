import { localeFor, type Language } from '@episodic/contract/languages';

/** Minor units (cents) to the two-decimal major-unit string: 499 -> "4.99". */
export function toMajorUnits(minor: number): string {
  return (Math.round(minor) / 100).toFixed(2);
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string, language: Language): Intl.NumberFormat {
  const key = `${language}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(localeFor(language), {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A price in minor units with its currency, two decimals, written the interface language's way:
 * 499 USD -> "$4.99" (en), "4,99 $" (dy), "4,99 $US" (fy), "US$ 4,99" (pt).
 */
export function formatPrice(minorUnits: number, currency = 'USD', language: Language = 'en'): string {
  const amount = Math.round(minorUnits) / 100;
  try {
    return formatterFor(currency.toUpperCase(), language).format(amount);
  } catch {
    // An unknown currency code must not break a page; show the amount with the code.
    return `${toMajorUnits(minorUnits)} ${currency}`;
  }
}
