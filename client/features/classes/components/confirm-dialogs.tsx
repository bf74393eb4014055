import { plural, t } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';
import { css } from 'styled-system/css';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Notice } from '~/components/ui/notice';
import { toast } from '~/lib/toast';
import {
  type Classroom,
  type ScheduleSlot,
  type Subject,
  useDeleteClass,
  useDeleteSchedule,
  useDeleteSubject,
} from '../api';
import { classLabel, formatTime, weekdayName } from '../format';
import { deletedToast, failureToast } from '../messages';

const styles = {
  body: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  what: css({ fontWeight: 'medium', color: 'fg' }),
};

const stillIn = (students: number) =>
  plural(students, { one: '# student still in this class', other: '# students still in this class' });

function ClassGoes({ klass }: { klass: Classroom }) {
  const label = classLabel(klass);
  const year = klass.academicYear;
  const subjects = klass.subjectCount;
  return (
    <p>
      <Trans>
        <span className={styles.what}>Class {label}</span> ({year}) will be removed with its timetable.
      </Trans>{' '}
      {t`Its ${plural(subjects, { one: '# subject stays', other: '# subjects stay' })}, without a class.`}
    </p>
  );
}

function SlotGoes({ slot }: { slot: ScheduleSlot }) {
  const what = `${classLabel(slot.classId)} ${slot.subjectId?.name ?? ''}`;
  const teacher = slot.teacherId.name;
  const day = weekdayName(slot.dayOfWeek);
  const start = formatTime(slot.startTime);
  const end = formatTime(slot.endTime);
  return (
    <p>
      <Trans>
        <span className={styles.what}>{what}</span> with {teacher}, {day} {start}–{end}, leaves the timetable.
      </Trans>
    </p>
  );
}

function SubjectGoes({ subject, periods }: { subject: Subject; periods: number }) {
  const name = subject.name;
  const label = subject.classId ? classLabel(subject.classId) : null;
  const what = <span className={styles.what}>{name}</span>;
  if (periods === 0) {
    return (
      <p>
        {label ? (
          <Trans>
            {what} of class {label} will be removed.
          </Trans>
        ) : (
          <Trans>{what} will be removed.</Trans>
        )}
      </p>
    );
  }
  const count = periods;
  return (
    <p>
      {label ? (
        <Trans>
          {what} of class {label} will be removed, with its <Plural value={count} one="# period" other="# periods" /> on
          the timetable.
        </Trans>
      ) : (
        <Trans>
          {what} will be removed, with its <Plural value={count} one="# period" other="# periods" /> on the timetable.
        </Trans>
      )}
    </p>
  );
}

/** 'Are you sure you want to delete this class?', saying what goes with it. */
export function DeleteClassDialog({ klass, onClose }: { klass: Classroom | null; onClose: () => void }) {
  const remove = useDeleteClass();
  const confirm = async () => {
    if (!klass) return;
    try {
      const answer = await remove.mutateAsync(klass._id);
      deletedToast(answer.message);
    } catch (error) {
      failureToast(t`Failed to delete class`, error);
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open={klass !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title={t`Delete class`}
      description={t`Are you sure you want to delete this class?`}
      confirmLabel={t`Delete Class`}
      busyLabel={t`Deleting...`}
      loading={remove.isPending}
      onConfirm={() => void confirm()}
    >
      {klass ? (
        <div className={styles.body}>
          <ClassGoes klass={klass} />
          {klass.studentCount > 0 ? (
            <Notice icon={TriangleAlert} tone="warning" title={stillIn(klass.studentCount)}>
              <Trans>A class with students cannot be deleted: move or remove them first (Manage Students).</Trans>
            </Notice>
          ) : null}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}

/** 'Are you sure you want to delete this schedule?' */
export function DeleteScheduleDialog({ slot, onClose }: { slot: ScheduleSlot | null; onClose: () => void }) {
  const remove = useDeleteSchedule();
  const confirm = async () => {
    if (!slot) return;
    try {
      await remove.mutateAsync(slot._id);
      toast.success(t`Schedule deleted successfully`);
    } catch (error) {
      failureToast(t`Failed to delete schedule`, error);
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open={slot !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title={t`Delete schedule`}
      description={t`Are you sure you want to delete this schedule?`}
      confirmLabel={t`Delete Schedule`}
      busyLabel={t`Deleting...`}
      loading={remove.isPending}
      onConfirm={() => void confirm()}
    >
      {slot ? <SlotGoes slot={slot} /> : null}
    </ConfirmDialog>
  );
}

export interface RemoveSubjectDialogProps {
  subject: Subject | null;
  slots: ScheduleSlot[];
  onClose: () => void;
}

/** Removing a subject also takes its periods off the timetable; the question says how many. */
export function RemoveSubjectDialog({ subject, slots, onClose }: RemoveSubjectDialogProps) {
  const remove = useDeleteSubject();
  const periods = subject ? slots.filter((s) => s.subjectId?._id === subject._id).length : 0;
  const confirm = async () => {
    if (!subject) return;
    try {
      await remove.mutateAsync(subject._id);
      toast.success(t`Subject removed successfully`);
    } catch (error) {
      failureToast(t`Failed to remove subject`, error);
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open={subject !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title={t`Remove subject`}
      description={t`Are you sure you want to remove this subject?`}
      confirmLabel={t`Remove Subject`}
      busyLabel={t`Removing...`}
      loading={remove.isPending}
      onConfirm={() => void confirm()}
    >
      {subject ? <SubjectGoes subject={subject} periods={periods} /> : null}
    </ConfirmDialog>
  );
}
