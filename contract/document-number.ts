// Numbers of invoices and credit notes (decisions 167 and 196): "INV-2026-000123", "CN-2026-000045".
// The prefix names the series, the year is the year of issue (UTC) and the counter is the series'
// own, counted from 1 without a gap and not restarted each year, so that no document number looks
// like an order number ("100123").

export type DocumentSeries = 'INV' | 'CN';

export function documentNumber(series: DocumentSeries, at: Date, counter: number): string {
  if (!Number.isSafeInteger(counter) || counter < 1) {
    throw new RangeError(`Not a counter of the ${series} series: ${counter}`);
  }
  return `${series}-${at.getUTCFullYear()}-${String(counter).padStart(6, '0')}`;
}
