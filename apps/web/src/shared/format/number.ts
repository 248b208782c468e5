/** Pads to two digits ("5" -> "05", 12 -> "12"); "00" when empty. */
export function padNumber(n: number | string | null | undefined): string {
  if (n === null || n === undefined) return '00';
  if (typeof n === 'number' && !Number.isFinite(n)) return '00';
  const text = String(n).trim();
  return text === '' ? '00' : text.padStart(2, '0');
}
