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
import { classLabel } from '../format';
import { deletedToast, failureToast } from '../messages';

const styles = {
  body: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  what: css({ fontWeight: 'medium', color: 'fg' }),
};

/** 'Are you sure you want to delete this class?', saying what goes with it. */
export function DeleteClassDialog({ klass, onClose }: { klass: Classroom | null; onClose: () => void }) {
  const remove = useDeleteClass();
  const confirm = async () => {
    if (!klass) return;
    try {
      const answer = await remove.mutateAsync(klass._id);
      deletedToast(answer.message);
    } catch (error) {
      failureToast('Failed to delete class', error);
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open={klass !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title="Delete class"
      description="Are you sure you want to delete this class?"
      confirmLabel="Delete Class"
      busyLabel="Deleting..."
      loading={remove.isPending}
      onConfirm={() => void confirm()}
    >
      {klass ? (
        <div className={styles.body}>
          <p>
            <span className={styles.what}>Class {classLabel(klass)}</span> ({klass.academicYear}) will be removed with
            its timetable. Its {klass.subjectCount} subject(s) stay, without a class.
          </p>
          {klass.studentCount > 0 ? (
            <Notice icon={TriangleAlert} tone="warning" title={`${klass.studentCount} student(s) still in this class`}>
              A class with students cannot be deleted: move or remove them first (Manage Students).
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
      toast.success('Schedule deleted successfully');
    } catch (error) {
      failureToast('Failed to delete schedule', error);
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open={slot !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title="Delete schedule"
      description="Are you sure you want to delete this schedule?"
      confirmLabel="Delete Schedule"
      busyLabel="Deleting..."
      loading={remove.isPending}
      onConfirm={() => void confirm()}
    >
      {slot ? (
        <p>
          <span className={styles.what}>
            {classLabel(slot.classId)} {slot.subjectId?.name ?? ''}
          </span>{' '}
          with {slot.teacherId.name}, {slot.dayOfWeek} {slot.startTime}–{slot.endTime}, leaves the timetable.
        </p>
      ) : null}
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
      toast.success('Subject removed successfully');
    } catch (error) {
      failureToast('Failed to remove subject', error);
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open={subject !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title="Remove subject"
      description="Are you sure you want to remove this subject?"
      confirmLabel="Remove Subject"
      busyLabel="Removing..."
      loading={remove.isPending}
      onConfirm={() => void confirm()}
    >
      {subject ? (
        <p>
          <span className={styles.what}>{subject.name}</span>
          {subject.classId ? ` of class ${classLabel(subject.classId)}` : ''} will be removed
          {periods > 0 ? `, with its ${periods} period(s) on the timetable.` : '.'}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
