import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { optionalText, requiredDate, schoolDate } from '../../worker/lib/fields';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0].message;

describe('the shared zod fields', () => {
  it('optionalText: absent leaves the value, blank clears it, text is trimmed and bounded', () => {
    const street = optionalText(5, 'Street');
    expect(street.parse(undefined)).toBeUndefined();
    expect(street.parse('')).toBeNull();
    expect(street.parse('   ')).toBeNull();
    expect(street.parse(null)).toBeNull();
    expect(street.parse(' Lane ')).toBe('Lane');
    expect(street.parse(12345)).toBe('12345');
    expect(messageOf(street.safeParse('Long road'))).toBe('Street must be at most 5 characters');
    expect(messageOf(street.safeParse(true))).toBe('Street must be text');
    // The document shows the bound on the text a caller sends.
    const shown = z.toJSONSchema(z.object({ street }), { io: 'input', unrepresentable: 'any' }) as unknown as {
      properties: { street: { anyOf: { type: string; maxLength?: number }[] } };
    };
    expect(shown.properties.street.anyOf).toContainEqual({ type: 'string', maxLength: 5 });
  });

  it('requiredDate: missing or blank is required, anything else must be a calendar date', () => {
    const date = requiredDate('Date');
    expect(date.parse(' 2026-02-28 ')).toBe('2026-02-28');
    for (const missing of [undefined, null, '', '  '])
      expect(messageOf(date.safeParse(missing))).toBe('Date is required');
    for (const wrong of ['2026-02-30', '28/02/2026', 20260228]) {
      expect(messageOf(date.safeParse(wrong))).toBe('Date must be a date (YYYY-MM-DD)');
    }
  });

  it('schoolDate: the years 1900 to 2999, one message for a date outside them and one for no date at all', () => {
    const due = schoolDate('Due date');
    expect(due.parse('1900-01-01')).toBe('1900-01-01');
    expect(due.parse('2999-12-31')).toBe('2999-12-31');
    for (const far of ['0000-01-05', '1899-12-31', '3000-01-01']) {
      expect(due.safeParse(far).error?.issues.map((issue) => issue.message)).toEqual([
        'Due date must be a date from 1900 to 2999',
      ]);
    }
    expect(due.safeParse('2026-02-30').error?.issues.map((issue) => issue.message)).toEqual([
      'Due date must be a date (YYYY-MM-DD)',
    ]);
  });
});
