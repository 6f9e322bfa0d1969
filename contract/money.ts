/**
 * Money arithmetic in integer cents. Amounts travel as decimal strings with two digits
 * ("120.00") and are never handled as floating-point euros.
 */

const MONEY_PATTERN = /^(-)?(\d+)\.(\d{2})$/;

/** "120.50" → 12050. Throws on anything but a two-decimal string. */
export function moneyToCents(amount: string): number {
  const match = MONEY_PATTERN.exec(amount);
  if (!match) throw new RangeError(`Not a money amount: ${amount}`);
  const [, sign, units = '0', hundredths = '00'] = match;
  const cents = Number(units) * 100 + Number(hundredths);
  return sign ? -cents : cents;
}

/** 12050 → "120.50". */
export function centsToMoney(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}
