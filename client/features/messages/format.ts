import { t } from '@lingui/core/macro';
import { classLabel } from '~/lib/class-label';
import { schoolFormat } from '~/lib/school-time';
import type { Audience, MessageSummary } from './api';

/** Whom a message was written to, as its reader sees it ('Parents of 8-A'). */
export function audienceLabel(message: Pick<MessageSummary, 'audience' | 'class' | 'grade'>): string {
  const name = message.class ? classLabel(message.class) : '';
  const grade = message.grade ?? '';
  const labels: Record<MessageSummary['audience'], string> = {
    absence_alert: t`Absence alert`,
    homework_reminder: t`Homework reminder`,
    school: t`Whole school`,
    grade: t`Grade ${grade}`,
    class: t`Class ${name}`,
    class_parents: t`Parents of ${name}`,
    teachers: t`All teachers`,
    staff: t`All staff`,
  };
  return labels[message.audience];
}

/** The composer's choices, without a class named yet. */
export function audienceChoice(audience: Audience): string {
  const choices: Record<Audience, string> = {
    school: t`Whole school`,
    grade: t`A grade (pupils, parents, teachers)`,
    class: t`A class (pupils, parents, teachers)`,
    class_parents: t`Parents of a class`,
    teachers: t`All teachers`,
    staff: t`All staff`,
  };
  return choices[audience];
}

/** When a message was sent, on the school's clock and in the reader's language ('26 Nov, 9:05 am'). */
export function sentAtLabel(iso: string, timeZone: string | undefined): string {
  return schoolFormat({ day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }, timeZone).format(
    new Date(iso),
  );
}

/** An absence alert, which the registers made, rather than an announcement someone wrote. */
export const isAbsenceAlert = (message: Pick<MessageSummary, 'audience'>) => message.audience === 'absence_alert';
