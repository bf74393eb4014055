import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, Download, FileText, SearchX, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import * as Field from '~/components/ui/field';
import { FilePicker } from '~/components/ui/file-upload';
import { Skeleton } from '~/components/ui/skeleton';
import { Textarea } from '~/components/ui/textarea';
import { ApiError } from '~/lib/api';
import { toast } from '~/lib/toast';
import {
  downloadHomeworkFile,
  HAND_IN_TYPES,
  type HandIn,
  type HomeworkFile,
  homeworkDetailQuery,
  useAddHandInFile,
  useHandIn,
  useRemoveHandInFile,
} from '../homework-api';
import { dueText, instantText, label, marksText, sizeText, WORK_LABELS, WORK_TONES } from '../homework-format';
import type { FamilyRole } from '../session';

const styles = {
  card: css({ display: 'flex', flexDirection: 'column' }),
  section: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '3',
    px: { base: '4', md: '6' },
    py: { base: '4', md: '5' },
    '&:not(:first-child)': { borderTopWidth: '1px', borderColor: 'border' },
  }),
  subject: css({ fontSize: 'sm', color: 'fg.muted', fontWeight: 'medium' }),
  title: css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'semibold', overflowWrap: 'anywhere' }),
  meta: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', color: 'fg.muted', fontSize: 'sm' }),
  heading: css({ fontSize: 'md', fontWeight: 'semibold' }),
  text: css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: 'fg' }),
  muted: css({ color: 'fg.muted', fontSize: 'sm' }),
  files: css({ display: 'flex', flexDirection: 'column', listStyle: 'none', p: '0', m: '0' }),
  file: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    py: '1.5',
    minH: 'touch',
    '&:not(:last-child)': { borderBottomWidth: '1px', borderColor: 'border' },
  }),
  fileText: css({ display: 'flex', flexDirection: 'column', minW: '0', flex: '1' }),
  fileName: css({ fontSize: 'sm', fontWeight: 'medium', overflowWrap: 'anywhere' }),
  icon: css({ color: 'fg.muted', flexShrink: '0' }),
  review: css({
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    gap: '2 4',
    alignItems: 'baseline',
    p: '4',
    borderRadius: 'lg',
    bg: 'success.subtle',
    borderWidth: '1px',
    borderColor: 'success.border',
  }),
  term: css({ fontSize: 'sm', color: 'fg.muted' }),
  marks: css({ fontSize: 'xl', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' }),
  problem: css({ display: 'flex', alignItems: 'flex-start', gap: '2', color: 'danger.fg', fontSize: 'sm' }),
  actions: css({ display: 'flex', justifyContent: 'flex-end' }),
  submit: css({ w: { base: 'full', sm: 'auto' } }),
};

/** Files with a download each; `onRemove` adds a way to take one out (the student's own, before the return). */
function FileList({
  homeworkId,
  files,
  label: name,
  onRemove,
}: {
  homeworkId: string;
  files: HomeworkFile[];
  label: string;
  onRemove?: (file: HomeworkFile) => Promise<void>;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (file: HomeworkFile, action: (file: HomeworkFile) => Promise<void>) => {
    setBusy(file._id);
    try {
      await action(file);
    } finally {
      setBusy(null);
    }
  };
  const download = async (file: HomeworkFile) => {
    try {
      await downloadHomeworkFile(homeworkId, file);
    } catch (error) {
      toast.error(t`Failed to download the file`, { description: (error as Error).message });
    }
  };
  return (
    <ul className={styles.files} aria-label={name}>
      {files.map((file) => {
        const fileName = file.name;
        return (
          <li key={file._id} className={styles.file}>
            <FileText size={18} aria-hidden="true" className={styles.icon} />
            <span className={styles.fileText}>
              <span className={styles.fileName}>{file.name}</span>
              <span className={styles.muted}>{sizeText(file.size)}</span>
            </span>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void act(file, download)}
              disabled={busy !== null && busy !== file._id}
              loading={busy === file._id}
              aria-label={t`Download ${fileName}`}
            >
              <Download size={16} aria-hidden="true" />
            </Button>
            {onRemove ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => void act(file, onRemove)}
                disabled={busy !== null}
                aria-label={t`Remove ${fileName}`}
              >
                <Trash2 size={16} aria-hidden="true" />
              </Button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function Problem({ children }: { children: string }) {
  return (
    <p className={styles.problem} role="alert">
      <CircleAlert size={16} aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

/** The student's hand-in: their text and files, handed in (again) until the work is returned. */
function HandInForm({
  role,
  childId,
  homeworkId,
  handIn,
}: {
  role: FamilyRole;
  childId: string;
  homeworkId: string;
  handIn: HandIn;
}) {
  const [text, setText] = useState(handIn.submission?.text ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const handInWork = useHandIn(role, childId, homeworkId);
  const addFile = useAddHandInFile(role, childId, homeworkId);
  const removeFile = useRemoveHandInFile(role, childId, homeworkId);
  const textId = useId();
  const handedIn = handIn.submission != null;
  const empty = text.trim() === '' && handIn.files.length === 0;

  const send = async (file: File) => {
    setFileProblem(null);
    try {
      await addFile.mutateAsync(file);
      toast.success(t`File added`);
    } catch (error) {
      setFileProblem((error as Error).message);
    }
  };

  const remove = async (file: HomeworkFile) => {
    setFileProblem(null);
    try {
      await removeFile.mutateAsync(file._id);
      toast.success(t`File removed`);
    } catch (error) {
      setFileProblem((error as Error).message);
    }
  };

  const submit = async () => {
    setProblem(null);
    if (empty) {
      setProblem(t`Write your answer or add a file first`);
      return;
    }
    try {
      await handInWork.mutateAsync(text);
      toast.success(t`Work handed in successfully`);
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  return (
    <form
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Field.Root id={textId}>
        <Field.Label>
          <Trans>Your answer</Trans>
        </Field.Label>
        <Textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={6}
          dir="auto"
          maxLength={20000}
          placeholder={t`Write your answer here`}
        />
      </Field.Root>
      {handIn.files.length > 0 ? (
        <FileList homeworkId={homeworkId} files={handIn.files} label={t`Your files`} onRemove={remove} />
      ) : null}
      <FilePicker
        label={t`Add a file`}
        hint={addFile.isPending ? t`Uploading...` : t`PDF, PNG or JPEG, up to 10 MB. Drop it here, or`}
        accept={HAND_IN_TYPES}
        acceptedFiles={[]}
        disabled={addFile.isPending}
        onFileChange={(details) => {
          const file = details.acceptedFiles[0];
          if (file) void send(file);
          else if (details.rejectedFiles.length > 0) setFileProblem(t`Only PDF, PNG and JPEG files are allowed`);
        }}
      />
      {fileProblem ? <Problem>{fileProblem}</Problem> : null}
      {problem ? <Problem>{problem}</Problem> : null}
      <div className={styles.actions}>
        <Button type="submit" className={styles.submit} loading={handInWork.isPending} loadingText={t`Handing in...`}>
          {handedIn ? <Trans>Hand in again</Trans> : <Trans>Hand in</Trans>}
        </Button>
      </div>
    </form>
  );
}

/** One homework: the teacher's instructions and files, and the child's hand-in (a form for the student, read-only for a parent). */
export function HomeworkDetail({
  role,
  childId,
  homeworkId,
  timeZone,
}: {
  role: FamilyRole;
  childId: string;
  homeworkId: string;
  timeZone: string | null;
}) {
  const detail = useQuery(homeworkDetailQuery(role, childId, homeworkId));
  if (detail.isPending)
    return (
      <Card.Root>
        <div className={styles.section}>
          <Skeleton height="40" />
        </div>
      </Card.Root>
    );
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Card.Root>
        {missing ? (
          <EmptyState
            icon={SearchX}
            as="h2"
            title={t`This homework is not available`}
            description={t`It may have been removed by the teacher.`}
          />
        ) : (
          <ErrorState
            as="h2"
            title={t`This homework could not be loaded`}
            description={detail.error.message}
            onRetry={() => void detail.refetch()}
            retrying={detail.isFetching}
          />
        )}
      </Card.Root>
    );
  }
  const { homework, handIn } = detail.data;
  const submission = handIn.submission;
  const returned = handIn.status === 'returned';
  const handedIn = submission ? instantText(submission.submittedAt, timeZone) : null;
  const returnedAt = submission?.returnedAt ? instantText(submission.returnedAt, timeZone) : null;
  const canHandIn = role === 'student' && !returned;
  const maxMarks = homework.maxMarks;

  return (
    <Card.Root className={styles.card} data-testid="homework-detail">
      <div className={styles.section}>
        <span className={styles.subject}>{homework.subject.name}</span>
        <h1 className={styles.title} dir="auto">
          {homework.title}
        </h1>
        <div className={styles.meta}>
          <span>{dueText(homework)}</span>
          <Badge tone={WORK_TONES[handIn.status]} size="sm">
            {label(WORK_LABELS[handIn.status])}
          </Badge>
          {submission?.late ? (
            <Badge tone="warning" size="sm">
              <Trans>Late</Trans>
            </Badge>
          ) : null}
          {maxMarks != null ? <span>{t`Out of ${maxMarks} marks`}</span> : null}
        </div>
      </div>

      <section className={styles.section} aria-label={t`Instructions`}>
        <h2 className={styles.heading}>
          <Trans>Instructions</Trans>
        </h2>
        {homework.instructions ? (
          <p className={styles.text} dir="auto">
            {homework.instructions}
          </p>
        ) : (
          <p className={styles.muted}>
            <Trans>No instructions were given.</Trans>
          </p>
        )}
        {homework.attachments.length > 0 ? (
          <FileList homeworkId={homework._id} files={homework.attachments} label={t`Attachments`} />
        ) : null}
      </section>

      {returned && submission ? (
        <section className={styles.section} aria-label={t`Returned work`}>
          <h2 className={styles.heading}>
            <Trans>Returned work</Trans>
          </h2>
          {returnedAt ? <p className={styles.muted}>{t`Returned on ${returnedAt}`}</p> : null}
          <dl className={styles.review} data-testid="homework-review">
            <dt className={styles.term}>
              <Trans>Marks</Trans>
            </dt>
            <dd className={styles.marks}>
              {submission.marks == null ? t`Not marked` : marksText(submission.marks, homework.maxMarks)}
            </dd>
            <dt className={styles.term}>
              <Trans>Feedback</Trans>
            </dt>
            <dd className={styles.text} dir="auto">
              {submission.feedback || t`No feedback was given.`}
            </dd>
          </dl>
        </section>
      ) : null}

      <section className={styles.section} aria-label={role === 'student' ? t`Your work` : t`Hand-in`}>
        <h2 className={styles.heading}>{role === 'student' ? <Trans>Your work</Trans> : <Trans>Hand-in</Trans>}</h2>
        <p className={styles.muted} data-testid="hand-in-status">
          {handedIn ? t`Handed in on ${handedIn}` : t`Not handed in yet.`}
          {submission?.late ? ` · ${t`Late`}` : ''}
        </p>
        {canHandIn ? (
          <HandInForm
            key={submission?.submittedAt ?? 'new'}
            role={role}
            childId={childId}
            homeworkId={homework._id}
            handIn={handIn}
          />
        ) : (
          <>
            {submission?.text ? (
              <p className={styles.text} dir="auto">
                {submission.text}
              </p>
            ) : null}
            {handIn.files.length > 0 ? (
              <FileList homeworkId={homework._id} files={handIn.files} label={t`Files handed in`} />
            ) : null}
            {role === 'parent' && !returned ? (
              <p className={styles.muted}>
                <Trans>Only the student can hand in their work.</Trans>
              </p>
            ) : null}
          </>
        )}
      </section>
    </Card.Root>
  );
}
