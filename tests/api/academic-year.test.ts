import { describe, expect, it } from 'vitest';
import {
  academicYearOf,
  academicYearStart,
  currentAcademicYear,
  defaultYearStartMonth,
} from '../../worker/lib/academic-year';

describe('academicYearOf', () => {
  it('names the year a date falls in by the month the school starts its year', () => {
    expect(academicYearOf('2026-11-26', 4)).toBe('2026-2027');
    expect(academicYearOf('2026-11-26', 9)).toBe('2026-2027');
    expect(academicYearOf('2026-03-31', 4)).toBe('2025-2026');
    expect(academicYearOf('2026-04-01', 4)).toBe('2026-2027');
    expect(academicYearOf('2026-08-31', 9)).toBe('2025-2026');
    expect(academicYearOf('2026-09-01', 9)).toBe('2026-2027');
    expect(academicYearOf('2026-01-01', 1)).toBe('2026-2027');
    expect(academicYearOf('2026-12-31', 1)).toBe('2026-2027');
    expect(academicYearOf('2026-11-30', 12)).toBe('2025-2026');
    expect(academicYearOf('2026-12-01', 12)).toBe('2026-2027');
  });

  it('gives the first day of that year', () => {
    expect(academicYearStart('2026-11-26', 4)).toBe('2026-04-01');
    expect(academicYearStart('2027-02-10', 4)).toBe('2026-04-01');
    expect(academicYearStart('2026-11-26', 9)).toBe('2026-09-01');
    expect(academicYearStart('2026-08-31', 9)).toBe('2025-09-01');
  });
});

describe('currentAcademicYear', () => {
  it('counts the day in the school’s zone, not in UTC', () => {
    // 19:00 UTC on 31 March is 00:30 on 1 April in India: the new year has begun there.
    const aprilInIndia = new Date('2027-03-31T19:00:00Z');
    expect(currentAcademicYear(aprilInIndia, 'Asia/Kolkata', 4)).toBe('2027-2028');
    expect(currentAcademicYear(aprilInIndia, 'UTC', 4)).toBe('2026-2027');
    // 02:00 UTC on 1 September is still 31 August in Los Angeles.
    const lateAugust = new Date('2026-09-01T02:00:00Z');
    expect(currentAcademicYear(lateAugust, 'America/Los_Angeles', 9)).toBe('2025-2026');
    expect(currentAcademicYear(lateAugust, 'Europe/London', 9)).toBe('2026-2027');
    expect(currentAcademicYear(new Date('2026-11-26T08:00:00Z'), 'Asia/Kolkata', 4)).toBe('2026-2027');
  });
});

describe('defaultYearStartMonth', () => {
  it('is April in India and September elsewhere', () => {
    expect(defaultYearStartMonth('Asia/Kolkata')).toBe(4);
    expect(defaultYearStartMonth('Asia/Calcutta')).toBe(4);
    expect(defaultYearStartMonth('Europe/Dublin')).toBe(9);
    expect(defaultYearStartMonth('UTC')).toBe(9);
  });
});
