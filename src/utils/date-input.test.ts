import { describe, expect, it } from 'vitest';

import {
  DATE_IN_PAST_MESSAGE,
  dateFormatMessage,
  dateNotRealMessage,
  localToday,
  parseDateInput,
  parseFutureDateInput,
  toDateInput,
} from './date-input.ts';

describe('typed dates', () => {
  it('reads DD/MM/YYYY as YYYY-MM-DD, with short parts and other separators too', () => {
    expect(parseDateInput('24/11/2026')).toEqual({ ok: true, value: '2026-11-24' });
    expect(parseDateInput(' 1/2/2027 ')).toEqual({ ok: true, value: '2027-02-01' });
    expect(parseDateInput('29.02.2028')).toEqual({ ok: true, value: '2028-02-29' });
    expect(parseDateInput('05-06-2027')).toEqual({ ok: true, value: '2027-06-05' });
    expect(parseDateInput('')).toEqual({ ok: true, value: '' });
    // A phone's number pad has no separators.
    expect(parseDateInput('24112026')).toEqual({ ok: true, value: '2026-11-24' });
    expect(parseDateInput('31022027')).toEqual({ ok: false, message: dateNotRealMessage() });
    expect(parseDateInput('241126')).toEqual({ ok: false, message: dateFormatMessage() });
  });

  it('refuses a date before today where the date must lie ahead', () => {
    const today = '2026-11-24';
    expect(parseFutureDateInput('23/11/2026', today)).toEqual({
      ok: false,
      message: DATE_IN_PAST_MESSAGE,
    });
    expect(parseFutureDateInput('24/11/2026', today)).toEqual({ ok: true, value: '2026-11-24' });
    expect(parseFutureDateInput('01/01/2027', today)).toEqual({ ok: true, value: '2027-01-01' });
    expect(parseFutureDateInput('', today)).toEqual({ ok: true, value: '' });
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });

  it('refuses dates that do not exist and other shapes', () => {
    expect(parseDateInput('31/02/2027')).toEqual({ ok: false, message: dateNotRealMessage() });
    expect(parseDateInput('29/02/2027')).toEqual({ ok: false, message: dateNotRealMessage() });
    expect(parseDateInput('11/24/2026')).toEqual({ ok: false, message: dateNotRealMessage() });
    expect(parseDateInput('00/01/2027')).toEqual({ ok: false, message: dateNotRealMessage() });
    expect(parseDateInput('2026-11-24')).toEqual({ ok: false, message: dateFormatMessage() });
    expect(parseDateInput('24/11/26')).toEqual({ ok: false, message: dateFormatMessage() });
    expect(parseDateInput('tomorrow')).toEqual({ ok: false, message: dateFormatMessage() });
  });

  it('shows a wire date as DD/MM/YYYY and round-trips', () => {
    expect(toDateInput('2026-11-24')).toBe('24/11/2026');
    expect(toDateInput(null)).toBe('');
    expect(parseDateInput(toDateInput('2030-01-09'))).toEqual({ ok: true, value: '2030-01-09' });
  });
});

describe('the example in a date message', () => {
  it('is a week ahead of today, so it is never a date in the past', () => {
    const now = new Date(2026, 11, 28, 15, 0);
    expect(dateFormatMessage(now)).toBe('Enter the date as DD/MM/YYYY, for example 04/01/2027.');
    expect(dateNotRealMessage(now)).toBe('Enter a real date, for example 04/01/2027.');
    expect(parseDateInput('31/02/2027', now)).toEqual({
      ok: false,
      message: 'Enter a real date, for example 04/01/2027.',
    });
  });
});
