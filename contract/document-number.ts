// Numbers of invoices and credit notes (decision 167): "INV-2026-000123", "CN-2026-000045". The
// prefix names the series, the year is the year of issue (UTC) and the counter is the series'
// own sequence, so that no document number looks like an order number ("100123").

/** The sequences start at 100001; the counter shown starts at 1. */
const SEQUENCE_START = 100_000;

export type DocumentSeries = 'INV' | 'CN';

export function documentNumber(series: DocumentSeries, at: Date, sequenceValue: string): string {
  const counter = Number(sequenceValue) - SEQUENCE_START;
  if (!Number.isSafeInteger(counter) || counter < 1) {
    throw new RangeError(`Not a value of the ${series} sequence: ${sequenceValue}`);
  }
  return `${series}-${at.getUTCFullYear()}-${String(counter).padStart(6, '0')}`;
}
