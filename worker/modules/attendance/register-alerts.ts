import { statusCodes } from '../../db/schema';
import type { TenantContext } from '../../lib/tenancy';
import { timeInZone } from '../../lib/time';
import {
  type AlertSettings,
  alertWrites,
  existingAlertsRead,
  familiesRead,
  missedCodes,
  missedMarksRead,
  type PupilDay,
  planAlerts,
} from '../messages';
import { codeOfStatus } from './marks';
import type { RegisterInput } from './schemas';

/**
 * What a register's read batch reads for the day's absence alerts, before the school's choice is known: the class's
 * missed marks of the day (absent or late), the listed pupils' alerts of the day, and who would be told of each.
 */
export function registerAlertReads(ctx: TenantContext, input: RegisterInput) {
  const ids = input.records.map((r) => r.studentId);
  const codes = [statusCodes.absent, statusCodes.late];
  // Only a pupil this register marks absent or late can be told now: the others' families are not counted.
  const missing = input.records.filter((r) => r.status === 'absent' || r.status === 'late').map((r) => r.studentId);
  return [
    missedMarksRead(ctx.db, ctx.schoolId, input.date, codes, input.classId),
    existingAlertsRead(ctx.db, ctx.schoolId, input.date, ids),
    familiesRead(ctx.db, ctx.schoolId, missing),
  ] as const;
}

type Reads = ReturnType<typeof registerAlertReads>;
type Rows = { [K in keyof Reads]: Awaited<Reads[K]> };

/** What the register's saved notice says of alerts: how many families are (or will be) told, and when. */
export interface AlertNotice {
  mode: AlertSettings['mode'];
  /** Alerts are made for the school's today only; a register of another day tells nobody. */
  today: boolean;
  families: number;
  withdrawn: number;
  /** A timed school's time ('10:00') while it is still ahead; null once it has passed (told within minutes). */
  at: string | null;
}

/**
 * The day's alerts after this register: each listed pupil's missed periods are the other registers' of the day
 * and this one's as given, so the plan reflects the register being saved. At once, the writes join the register's
 * own batch; timed or off, nothing is written here (the scheduled run makes timed alerts).
 */
export function registerAlerts(
  ctx: TenantContext,
  input: RegisterInput,
  known: { settings: AlertSettings; today: string; subjectName: string; names: Map<string, { name: string | null }> },
  rows: unknown[],
) {
  const [missedRows, existing, families] = rows as unknown as Rows;
  const { settings } = known;
  const codes: number[] = missedCodes(settings);
  const pupils = new Map<string, PupilDay>(
    input.records.map((r) => [r.studentId, { name: known.names.get(r.studentId)?.name ?? '', missed: [] }]),
  );
  for (const row of missedRows) {
    const pupil = pupils.get(row.studentId ?? '');
    if (!pupil || row.subjectId === input.subjectId || !codes.includes(row.status)) continue;
    pupil.missed.push({ subject: row.subjectName ?? '', late: row.status === statusCodes.late });
  }
  const missedHere = input.records.filter((r) => codes.includes(codeOfStatus(r.status)));
  for (const record of missedHere) {
    pupils.get(record.studentId)?.missed.push({ subject: known.subjectName, late: record.status === 'late' });
  }
  const told = new Set(families.filter((f) => f.parent === 1 || settings.students).map((f) => f.studentId));
  const today = input.date === known.today;
  const plan =
    settings.mode === 'now' && today
      ? planAlerts(input.date, pupils, existing, settings.language)
      : { date: input.date, upserts: [], withdrawn: [] };
  const timeNow = timeInZone(ctx.now(), settings.timeZone);
  const notice: AlertNotice = {
    mode: settings.mode,
    today,
    families: missedHere.filter((r) => told.has(r.studentId)).length,
    withdrawn: plan.withdrawn.length,
    at: settings.mode === 'timed' && timeNow < settings.time ? settings.time : null,
  };
  return { writes: alertWrites(ctx.db, ctx.schoolId, plan, settings, ctx.now()), notice };
}
