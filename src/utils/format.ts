import dayjs from 'dayjs';

import {
  CURRENCY,
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  DATE_TIME_LONG_FORMAT,
  LOCALE,
} from '../config/constants.ts';

const moneyFormat = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Formats a wire decimal string ("1200.00") as euro; display only, never used in arithmetic. */
export function formatMoney(value: string | null | undefined): string {
  const amount = Number(value ?? '0');
  return moneyFormat.format(Number.isFinite(amount) ? amount : 0);
}

/** A ratio as a percentage: 0.97 → "97%"; shared with the catalogue export. */
export { formatRatio } from '#contract/site-metrics.ts';

// English writes a percentage without a space before the sign: "100%", never "100 %".
const percentFormat = new Intl.NumberFormat(LOCALE, {
  style: 'percent',
  maximumFractionDigits: 2,
});

/**
 * A figure in percent, as a number or a wire decimal string: 97 → "97%", "19.00" → "19%",
 * "7.70" → "7.7%". Every percentage on screen is written by this or `formatRatio`.
 */
export function formatPercent(percent: number | string): string {
  const value = Number(percent);
  return Number.isFinite(value) ? percentFormat.format(value / 100) : '';
}

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : '';
}

/** A moment on screen: DD/MM/YYYY HH:mm in the buyer's time zone. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : '';
}

export function formatDateTimeLong(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_LONG_FORMAT) : '';
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value >= 10 ? 0 : 1)} ${units[unit]}`;
}

export function fullName(person: { first_name: string; last_name: string }): string {
  return `${person.first_name} ${person.last_name}`.trim();
}

export function initials(person: { first_name: string; last_name: string }): string {
  return `${person.first_name.charAt(0)}${person.last_name.charAt(0)}`.toUpperCase();
}
