import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, Download, FileText } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { css } from 'styled-system/css';
import { RollNumber } from '~/components/roll-number';
import { Badge } from '~/components/ui/badge';
import { Button, IconButton } from '~/components/ui/button';
import * as Field from '~/components/ui/field';
import { Skeleton } from '~/components/ui/skeleton';
import { Textarea } from '~/components/ui/textarea';
import { toast } from '~/lib/toast';
import { downloadHomeworkFile, type RosterStudent, submissionQuery, useReview } from '../api';
import { formatSize, formatWhen, workStatus } from '../format';

const styles = {
  row: css({
    borderTopWidth: '1px',
    borderColor: 'border',
    _first: { borderTopWidth: '0' },
  }),
  head: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    w: 'full',
    minH: 'touch',
    px: { base: '3', md: '5' },
    py: '2.5',
    textAlign: 'start',
    cursor: 'pointer',
    _hover: { bg: 'muted/50' },
    _disabled: { cursor: 'default', _hover: { bg: 'transparent' } },
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
  }),
  who: css({ display: 'flex', flexDirection: 'column', minW: '0', flex: '1' }),
  name: css({ fontWeight: 'medium', lineHeight: '1.3', overflowWrap: 'anywhere' }),
  meta: css({ fontSize: 'xs', color: 'fg.muted' }),
  badges: css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: '1.5', flexShrink: '0' }),
  chevron: css({
    color: 'fg.muted',
    flexShrink: '0',
    transition: 'transform 0.15s',
    '[aria-expanded=true] &': { transform: 'rotate(180deg)' },
  }),
  body: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '4',
    px: { base: '3', md: '5' },
    pb: '4',
    ps: { base: '3', md: '16' },
  }),
  text: css({
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    fontSize: 'sm',
    bg: 'muted/50',
    borderRadius: 'md',
    p: '3',
  }),
  quiet: css({ fontSize: 'sm', color: 'fg.muted' }),
  files: css({ display: 'flex', flexDirection: 'column' }),
  file: css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', minW: '0' }),
  fileName: css({ flex: '1', minW: '0', overflowWrap: 'anywhere' }),
  form: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  marks: css({ maxW: '40' }),
  number: css({ fontVariantNumeric: 'tabular-nums' }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '2' }),
};

const decimal = (text: string) => Number(text.trim().replace(',', '.'));

export interface RosterRowProps {
  homeworkId: string;
  student: RosterStudent;
  maxMarks: number | null;
  timeZone: string | null | undefined;
}

/**
 * One student of the class: their status, and opened, what they handed in (text and files to download) with the
 * review form: marks within the maximum, feedback, "Return" or a draft the family does not see.
 */
export function RosterRow({ homeworkId, student, maxMarks, timeZone }: RosterRowProps) {
  const bodyId = useId();
  const [open, setOpen] = useState(false);
  const handedIn = student.submission !== null;
  const status = workStatus(student);
  const name = student.name;
  const submission = student.submission;
  return (
    <li className={styles.row} data-testid="roster-row" data-student={student._id}>
      <button
        type="button"
        className={styles.head}
        aria-expanded={open}
        aria-controls={handedIn ? bodyId : undefined}
        disabled={!handedIn}
        onClick={() => setOpen((current) => !current)}
      >
        <RollNumber value={student.rollNumber} />
        <span className={styles.who}>
          <span className={styles.name}>{name}</span>
          {submission ? (
            <span className={styles.meta}>
              {t`Handed in ${formatWhen(submission.submittedAt, timeZone)}`}
              {submission.marks != null && maxMarks != null ? ` · ${submission.marks} / ${maxMarks}` : ''}
            </span>
          ) : null}
        </span>
        <span className={styles.badges}>
          {student.status === 'returned' && submission?.late ? <Badge tone="warning">{t`Late`}</Badge> : null}
          <Badge tone={status.tone}>{status.label}</Badge>
        </span>
        {handedIn ? <ChevronDown size={16} aria-hidden="true" className={styles.chevron} /> : null}
      </button>
      {open && submission ? (
        <div id={bodyId} className={styles.body}>
          {submission.text ? (
            <p className={styles.text}>{submission.text}</p>
          ) : (
            <p className={styles.quiet}>
              <Trans>No text handed in.</Trans>
            </p>
          )}
          {student.files > 0 ? <SubmissionFiles homeworkId={homeworkId} studentId={student._id} /> : null}
          <ReviewForm homeworkId={homeworkId} student={student} maxMarks={maxMarks} />
        </div>
      ) : null}
    </li>
  );
}

function SubmissionFiles({ homeworkId, studentId }: { homeworkId: string; studentId: string }) {
  const one = useQuery(submissionQuery(homeworkId, studentId));
  if (one.isPending) return <Skeleton h="8" />;
  if (one.isError) return <p className={styles.quiet}>{t`Files could not be loaded: ${one.error.message}`}</p>;
  return (
    <ul className={styles.files} aria-label={t`Files handed in`}>
      {one.data.files.map((file) => (
        <li key={file._id} className={styles.file}>
          <FileText size={16} aria-hidden="true" />
          <span className={styles.fileName}>{file.name}</span>
          <span className={styles.meta}>{formatSize(file.size)}</span>
          <IconButton
            label={t`Download ${file.name}`}
            size="sm"
            onClick={() =>
              void downloadHomeworkFile(homeworkId, file).catch((e: Error) =>
                toast.error(t`Failed to download the file`, { description: e.message }),
              )
            }
          >
            <Download size={16} aria-hidden="true" />
          </IconButton>
        </li>
      ))}
    </ul>
  );
}

function ReviewForm({
  homeworkId,
  student,
  maxMarks,
}: {
  homeworkId: string;
  student: RosterStudent;
  maxMarks: number | null;
}) {
  const review = useReview(homeworkId);
  const given = student.submission;
  const [marks, setMarks] = useState(given?.marks == null ? '' : String(given.marks));
  const [feedback, setFeedback] = useState(given?.feedback ?? '');
  const [error, setError] = useState<string | null>(null);
  const [returning, setReturning] = useState(true);
  const name = student.name;

  const send = (returned: boolean) => {
    setError(null);
    let score: number | null = null;
    if (maxMarks != null && marks.trim()) {
      score = decimal(marks);
      if (!Number.isFinite(score) || score < 0 || score > maxMarks) {
        setError(t`Marks must be from 0 to ${maxMarks}`);
        return;
      }
      if (Math.abs(score * 100 - Math.round(score * 100)) > 1e-6) {
        setError(t`Marks can have at most 2 decimal places`);
        return;
      }
    }
    setReturning(returned);
    const body = { ...(maxMarks != null ? { marks: score } : {}), feedback: feedback.trim() || null, returned };
    // Awaited rather than a callback of `mutate`: a return redraws this row (the roster reloads), and the toast still
    // comes.
    review.mutateAsync({ studentId: student._id, body }).then(
      () =>
        toast.success(returned ? t`Work returned to ${name}` : t`Review saved as a draft`, {
          description: returned ? undefined : t`${name} does not see it until it is returned.`,
        }),
      (failure: Error) => setError(failure.message),
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send(true);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t`Review of ${name}`}>
      {maxMarks != null ? (
        <Field.Root invalid={Boolean(error)} className={styles.marks}>
          <Field.Label>{t`Marks out of ${maxMarks}`}</Field.Label>
          <Field.Input
            className={styles.number}
            inputMode="decimal"
            autoComplete="off"
            value={marks}
            onChange={(event) => {
              setMarks(event.target.value);
              setError(null);
            }}
          />
        </Field.Root>
      ) : null}
      <Field.Root>
        <Field.Label>
          <Trans>Feedback</Trans>
        </Field.Label>
        <Textarea rows={3} value={feedback} onChange={(event) => setFeedback(event.target.value)} />
      </Field.Root>
      {error ? (
        <p role="alert" className={css({ fontSize: 'sm', color: 'danger.fg' })}>
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" size="sm" loading={review.isPending && returning} disabled={review.isPending}>
          {student.status === 'returned' ? <Trans>Return again</Trans> : <Trans>Return</Trans>}
        </Button>
        {student.status !== 'returned' ? (
          <Button
            variant="outline"
            size="sm"
            loading={review.isPending && !returning}
            disabled={review.isPending}
            onClick={() => send(false)}
          >
            <Trans>Save as draft</Trans>
          </Button>
        ) : null}
      </div>
    </form>
  );
}
