import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ListTodo, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { Button, IconButton } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { DateInput } from '~/components/ui/date-input';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import * as Field from '~/components/ui/field';
import { SimpleSelect } from '~/components/ui/select';
import { Skeleton } from '~/components/ui/skeleton';
import { toast } from '~/lib/toast';
import { fullDate } from '../format';
import { childTasksQuery, type Task, type TaskPriority, type TaskStatus, useTaskChanges } from '../homework-api';
import { label, PRIORITY_LABELS, PRIORITY_TONES, TASK_STATUS_LABELS } from '../homework-format';
import type { FamilyRole } from '../session';

const PRIORITIES: TaskPriority[] = ['low', 'medium', 'high'];
const STATUSES: TaskStatus[] = ['pending', 'in_progress', 'completed'];

const styles = {
  root: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  form: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: '2fr 1fr 1fr' },
    gap: '3',
    alignItems: 'end',
    p: { base: '4', md: '5' },
  }),
  formActions: css({ gridColumn: { md: '1 / -1' }, display: 'flex', justifyContent: 'flex-end' }),
  add: css({ w: { base: 'full', sm: 'auto' } }),
  list: css({ display: 'flex', flexDirection: 'column', listStyle: 'none', p: '0', m: '0' }),
  item: css({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '3',
    px: { base: '4', md: '5' },
    py: '3',
    '&:not(:last-child)': { borderBottomWidth: '1px', borderColor: 'border' },
  }),
  text: css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0', flex: '1 1 12rem' }),
  title: css({ fontWeight: 'medium', overflowWrap: 'anywhere', '&[data-done]': { textDecoration: 'line-through' } }),
  meta: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted' }),
  controls: css({ display: 'flex', alignItems: 'center', gap: '2', flex: '0 0 auto', ms: 'auto' }),
  status: css({ w: '40' }),
};

function AddTask({ role, childId }: { role: FamilyRole; childId: string }) {
  const { add } = useTaskChanges(role, childId);
  const [title, setTitle] = useState('');
  const [priority, setPriority] = useState<TaskPriority>('medium');
  const [dueDate, setDueDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!title.trim()) {
      setError(t`Title is required`);
      return;
    }
    setError(null);
    try {
      await add.mutateAsync({ title: title.trim(), priority, dueDate: dueDate || null });
      toast.success(t`Task added successfully`);
      setTitle('');
      setDueDate('');
      setPriority('medium');
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <Card.Root>
      <form
        className={styles.form}
        aria-label={t`Add a task`}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field.Root invalid={Boolean(error)} required>
          <Field.Label>
            <Trans>Task</Trans>
            <Field.RequiredIndicator>*</Field.RequiredIndicator>
          </Field.Label>
          <Field.Input
            value={title}
            maxLength={200}
            onChange={(event) => setTitle(event.target.value)}
            placeholder={t`e.g. Revise chapter 4`}
          />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
        <SimpleSelect
          label={t`Priority`}
          options={PRIORITIES.map((value) => ({ value, label: label(PRIORITY_LABELS[value]) }))}
          value={priority}
          onValueChange={(value) => setPriority(value as TaskPriority)}
        />
        <DateInput label={t`Due date (optional)`} value={dueDate} onValueChange={setDueDate} />
        <div className={styles.formActions}>
          <Button type="submit" className={styles.add} loading={add.isPending} loadingText={t`Adding...`}>
            <Plus size={16} aria-hidden="true" />
            <Trans>Add task</Trans>
          </Button>
        </div>
      </form>
    </Card.Root>
  );
}

function TaskItem({
  task,
  role,
  childId,
  onDelete,
}: {
  task: Task;
  role: FamilyRole;
  childId: string;
  onDelete: (task: Task) => void;
}) {
  const { setStatus } = useTaskChanges(role, childId);
  const change = async (status: TaskStatus) => {
    try {
      await setStatus.mutateAsync({ id: task._id, status });
      toast.success(t`Task updated successfully`);
    } catch (error) {
      toast.error(t`Failed to update the task`, { description: (error as Error).message });
    }
  };
  const due = task.dueDate ? fullDate(task.dueDate) : null;
  const priority = label(PRIORITY_LABELS[task.priority]);
  const title = task.title;
  return (
    <li className={styles.item} aria-label={task.title}>
      <span className={styles.text}>
        <span className={styles.title} data-done={task.status === 'completed' ? '' : undefined} dir="auto">
          {task.title}
        </span>
        <span className={styles.meta}>
          <Badge tone={PRIORITY_TONES[task.priority]} size="sm">
            {t`${priority} priority`}
          </Badge>
          {due ? <span>{t`Due ${due}`}</span> : null}
          {role === 'parent' ? <span>· {label(TASK_STATUS_LABELS[task.status])}</span> : null}
        </span>
      </span>
      {role === 'student' ? (
        <span className={styles.controls}>
          <SimpleSelect
            label={t`Status of ${title}`}
            hideLabel
            className={styles.status}
            options={STATUSES.map((value) => ({ value, label: label(TASK_STATUS_LABELS[value]) }))}
            value={task.status}
            disabled={setStatus.isPending}
            onValueChange={(value) => void change(value as TaskStatus)}
          />
          <IconButton label={t`Delete ${title}`} onClick={() => onDelete(task)}>
            <Trash2 size={16} aria-hidden="true" />
          </IconButton>
        </span>
      ) : null}
    </li>
  );
}

/** The student's own to-dos: added, moved along and deleted by them; a parent reads their child's. */
export function TasksPanel({ role, childId }: { role: FamilyRole; childId: string }) {
  const tasks = useQuery(childTasksQuery(role, childId));
  const { remove } = useTaskChanges(role, childId);
  const [deleting, setDeleting] = useState<Task | null>(null);
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting._id);
      toast.success(t`Task deleted successfully`);
      setDeleting(null);
    } catch (error) {
      toast.error(t`Failed to delete the task`, { description: (error as Error).message });
    }
  };
  const rows = tasks.data?.data ?? [];
  const deletingTitle = deleting?.title ?? '';
  return (
    <div className={styles.root}>
      {role === 'student' ? <AddTask role={role} childId={childId} /> : null}
      {tasks.isPending ? (
        <Skeleton height="24" />
      ) : tasks.isError ? (
        <Card.Root>
          <ErrorState
            as="h2"
            title={t`Tasks could not be loaded`}
            description={tasks.error.message}
            onRetry={() => void tasks.refetch()}
            retrying={tasks.isFetching}
          />
        </Card.Root>
      ) : rows.length === 0 ? (
        <Card.Root>
          <EmptyState
            icon={ListTodo}
            as="h2"
            title={t`No tasks yet`}
            description={
              role === 'student' ? t`Add your own to-dos above to keep track of them.` : t`Your child has no tasks.`
            }
          />
        </Card.Root>
      ) : (
        <Card.Root>
          <ul className={styles.list} aria-label={t`Tasks`}>
            {rows.map((task) => (
              <TaskItem key={task._id} task={task} role={role} childId={childId} onDelete={setDeleting} />
            ))}
          </ul>
        </Card.Root>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t`Delete task?`}
        description={t`"${deletingTitle}" will be deleted for good.`}
        confirmLabel={t`Delete Task`}
        busyLabel={t`Deleting...`}
        tone="danger"
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
