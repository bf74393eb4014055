import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, BookCheck, Download, FileText, Pencil, Trash2, TriangleAlert, Users } from 'lucide-react';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { Badge } from '~/components/ui/badge';
import { Button, IconButton } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { mirrorInRtl } from '~/components/ui/mirror';
import { Notice } from '~/components/ui/notice';
import { Skeleton } from '~/components/ui/skeleton';
import { classLabel } from '~/lib/class-label';
import { toast } from '~/lib/toast';
import {
  downloadHomeworkFile,
  type GradebookResult,
  type Homework,
  homeworkQuery,
  rosterQuery,
  useDeleteHomework,
  useRemoveFile,
  useSendToGradebook,
} from '../api';
import { formatDue, formatSize, homeworkStatus } from '../format';
import { RosterRow } from './roster-row';

const styles = {
  root: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  head: css({
    flexDirection: { base: 'column', sm: 'row' },
    alignItems: { base: 'stretch', sm: 'flex-start' },
    justifyContent: 'space-between',
    gap: '3',
  }),
  titleLine: css({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '2' }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '2', flexShrink: '0' }),
  body: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  facts: css({ display: 'flex', flexWrap: 'wrap', gap: '2', fontSize: 'sm', color: 'fg.muted' }),
  instructions: css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 'sm' }),
  quiet: css({ fontSize: 'sm', color: 'fg.muted' }),
  label: css({
    fontSize: 'xs',
    fontWeight: 'semibold',
    color: 'fg.muted',
    textTransform: 'uppercase',
    letterSpacing: 'wide',
  }),
  files: css({ display: 'flex', flexDirection: 'column' }),
  file: css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', minW: '0', py: '1' }),
  fileName: css({ flex: '1', minW: '0', overflowWrap: 'anywhere' }),
  listHead: css({
    flexDirection: { base: 'column', sm: 'row' },
    alignItems: { base: 'stretch', sm: 'center' },
    justifyContent: 'space-between',
    gap: '3',
    pb: '4',
    borderBottomWidth: '1px',
    borderColor: 'border',
  }),
  list: css({ display: 'flex', flexDirection: 'column' }),
  skeletons: css({ display: 'flex', flexDirection: 'column', gap: '3', p: '5' }),
};

export interface HomeworkDetailProps {
  id: string;
  timeZone: string | null | undefined;
  onBack: () => void;
  onEdit: (homework: Homework) => void;
  onDeleted: () => void;
}

/** One homework: its instructions and files, then every student of the class with their work and its review. */
export function HomeworkDetail({ id, timeZone, onBack, onEdit, onDeleted }: HomeworkDetailProps) {
  const one = useQuery(homeworkQuery(id));
  const roster = useQuery(rosterQuery(id));
  const remove = useDeleteHomework();
  const gradebook = useSendToGradebook(id);
  const removeFile = useRemoveFile(id);
  const [deleting, setDeleting] = useState(false);
  /** The attachment whose removal waits for a yes (the class loses it), kept while its question closes. */
  const [removing, setRemoving] = useState<{ _id: string; name: string } | null>(null);
  const [askingRemoval, setAskingRemoval] = useState(false);
  const fileName = removing?.name ?? '';
  const [sent, setSent] = useState<GradebookResult | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);

  const back = (
    <Button variant="ghost" size="sm" onClick={onBack} className={css({ alignSelf: 'flex-start' })}>
      <ArrowLeft size={16} aria-hidden="true" className={mirrorInRtl} />
      <Trans>All homework</Trans>
    </Button>
  );
  if (one.isPending)
    return (
      <div className={styles.root}>
        {back}
        <Card.Root aria-busy="true">
          <div className={styles.skeletons}>
            <Skeleton h="8" w="60" />
            <Skeleton h="16" />
          </div>
        </Card.Root>
      </div>
    );
  if (one.isError)
    return (
      <div className={styles.root}>
        {back}
        <Card.Root>
          <ErrorState
            as="h2"
            title={t`This homework could not be opened`}
            description={one.error.message}
            onRetry={() => void one.refetch()}
            retrying={one.isFetching}
          />
        </Card.Root>
      </div>
    );

  const homework = one.data;
  const status = homeworkStatus(homework.status);
  const { students, submitted, late, returned } = homework.counts;
  const title = homework.title;
  const className = classLabel(homework.class);
  const subject = homework.subject.name;
  const due = formatDue(homework.dueAt, timeZone);
  const marked = homework.maxMarks != null;
  const maxMarks = homework.maxMarks;
  const outOf = maxMarks ?? 0;
  const assessmentId = sent?.assessmentId ?? homework.assessmentId;

  const onDelete = () =>
    remove.mutate(id, {
      onSuccess: () => {
        toast.success(t`Homework ${title} deleted`);
        setDeleting(false);
        onDeleted();
      },
      onError: (error) => {
        toast.error(t`Failed to delete the homework`, { description: error.message });
        setDeleting(false);
      },
    });

  const onSend = () => {
    setSendError(null);
    gradebook.mutate(undefined, {
      onSuccess: (result) => {
        setSent(result);
        toast.success(t`Marks sent to the gradebook successfully`);
      },
      onError: (error) => setSendError(error.message),
    });
  };

  let rosterContent = null;
  if (roster.isPending)
    rosterContent = (
      <div className={styles.skeletons} aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h="12" />
        ))}
      </div>
    );
  else if (roster.isError)
    rosterContent = (
      <ErrorState
        title={t`The class's work could not be loaded`}
        description={roster.error.message}
        onRetry={() => void roster.refetch()}
        retrying={roster.isFetching}
      />
    );
  else if (roster.data.students.length === 0)
    rosterContent = (
      <EmptyState
        icon={Users}
        title={t`No students in this class`}
        description={t`Students enrolled in this class appear here.`}
      />
    );
  else
    rosterContent = (
      <ul className={styles.list} aria-label={t`Students`}>
        {roster.data.students.map((student) => (
          <RosterRow
            // A new hand-in or a review elsewhere redraws the row with what is saved.
            key={`${student._id}:${student.submission?.submittedAt ?? ''}:${student.submission?.returnedAt ?? ''}`}
            homeworkId={id}
            student={student}
            maxMarks={maxMarks}
            timeZone={timeZone}
          />
        ))}
      </ul>
    );

  return (
    <div className={styles.root}>
      {back}
      <Card.Root aria-labelledby="homework-title">
        <Card.Header className={styles.head}>
          <div>
            <div className={styles.titleLine}>
              <Card.Title id="homework-title">{title}</Card.Title>
              <Badge tone={status.tone}>{status.label}</Badge>
            </div>
            <Card.Description>{t`Class ${className} · ${subject} · Due ${due}`}</Card.Description>
          </div>
          <div className={styles.actions}>
            <Button variant="outline" size="sm" onClick={() => onEdit(homework)}>
              <Pencil size={14} aria-hidden="true" />
              <Trans>Edit</Trans>
            </Button>
            <Button variant="outline" size="sm" onClick={() => setDeleting(true)}>
              <Trash2 size={14} aria-hidden="true" />
              <Trans>Delete</Trans>
            </Button>
          </div>
        </Card.Header>
        <Card.Body className={styles.body}>
          <div className={styles.facts}>
            <span>{marked ? t`Marked out of ${outOf}` : t`Not marked`}</span>
          </div>
          {homework.instructions ? (
            <p className={styles.instructions}>{homework.instructions}</p>
          ) : (
            <p className={styles.quiet}>
              <Trans>No instructions.</Trans>
            </p>
          )}
          {homework.attachments.length > 0 ? (
            <div>
              <span className={styles.label}>
                <Trans>Attachments</Trans>
              </span>
              <ul className={styles.files} aria-label={t`Attachments`}>
                {homework.attachments.map((file) => (
                  <li key={file._id} className={styles.file}>
                    <FileText size={16} aria-hidden="true" />
                    <span className={styles.fileName}>{file.name}</span>
                    <span className={styles.quiet}>{formatSize(file.size)}</span>
                    <IconButton
                      label={t`Download ${file.name}`}
                      size="sm"
                      onClick={() =>
                        void downloadHomeworkFile(id, file).catch((e: Error) =>
                          toast.error(t`Failed to download the file`, { description: e.message }),
                        )
                      }
                    >
                      <Download size={16} aria-hidden="true" />
                    </IconButton>
                    <IconButton
                      label={t`Remove ${file.name}`}
                      size="sm"
                      disabled={removeFile.isPending}
                      onClick={() => {
                        setRemoving(file);
                        setAskingRemoval(true);
                      }}
                    >
                      <Trash2 size={16} aria-hidden="true" />
                    </IconButton>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {marked ? (
            <GradebookPart
              homework={homework}
              assessmentId={assessmentId}
              sent={sent}
              error={sendError}
              sending={gradebook.isPending}
              onSend={onSend}
            />
          ) : null}
        </Card.Body>
      </Card.Root>

      <Card.Root aria-labelledby="roster-title">
        <Card.Header className={styles.listHead}>
          <div>
            <Card.Title id="roster-title">
              <Trans>Students ({students})</Trans>
            </Card.Title>
            <Card.Description>
              {t`${submitted} of ${students} handed in`}
              {late > 0 ? ` · ${plural(late, { one: '# late', other: '# late' })}` : ''}
              {returned > 0 ? ` · ${plural(returned, { one: '# returned', other: '# returned' })}` : ''}
            </Card.Description>
          </div>
        </Card.Header>
        {rosterContent}
      </Card.Root>

      <ConfirmDialog
        open={deleting}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(false);
        }}
        title={t`Delete this homework?`}
        description={
          submitted > 0
            ? plural(submitted, {
                one: '# student has handed in work. The homework, its files and the work handed in are deleted.',
                other: '# students have handed in work. The homework, its files and the work handed in are deleted.',
              })
            : t`${title} is removed for the class, with its files.`
        }
        confirmLabel={t`Delete homework`}
        busyLabel={t`Deleting...`}
        loading={remove.isPending}
        onConfirm={onDelete}
      />
      <ConfirmDialog
        open={askingRemoval}
        onOpenChange={(open) => {
          if (!open && !removeFile.isPending) setAskingRemoval(false);
        }}
        title={t`Remove this file?`}
        description={t`${fileName} is taken off this homework for the whole class.`}
        confirmLabel={t`Remove file`}
        busyLabel={t`Removing...`}
        loading={removeFile.isPending}
        onConfirm={() => {
          if (!removing) return;
          removeFile.mutate(removing._id, {
            onSuccess: () => {
              setAskingRemoval(false);
              toast.success(t`File removed`);
            },
            onError: (e) => toast.error(t`Failed to remove the file`, { description: e.message }),
          });
        }}
      />
    </div>
  );
}

function GradebookPart({
  homework,
  assessmentId,
  sent,
  error,
  sending,
  onSend,
}: {
  homework: Homework;
  assessmentId: string | null;
  sent: GradebookResult | null;
  error: string | null;
  sending: boolean;
  onSend: () => void;
}) {
  const returned = homework.counts.returned;
  const marksLink = assessmentId ? (
    <Link
      to="/teacher/marks"
      search={{ classId: homework.class._id, subjectId: homework.subject._id, assessmentId }}
      className={cx(button({ variant: 'outline', size: 'sm' }))}
    >
      <BookCheck size={14} aria-hidden="true" />
      <Trans>Open in Marks</Trans>
    </Link>
  ) : null;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      {sent ? (
        <Notice
          tone="info"
          icon={BookCheck}
          role="status"
          title={t`Marks sent to the gradebook: assessment #${sent.assessmentId}`}
        >
          {plural(sent.saved, { one: '# mark saved', other: '# marks saved' })}
        </Notice>
      ) : assessmentId ? (
        <p className={styles.quiet}>{t`In the gradebook as assessment #${assessmentId}.`}</p>
      ) : null}
      {error ? <Notice tone="danger" icon={TriangleAlert} role="alert" title={error} /> : null}
      <div className={styles.actions}>
        <Button variant="outline" size="sm" disabled={returned === 0} loading={sending} onClick={onSend}>
          <BookCheck size={14} aria-hidden="true" />
          <Trans>Send marks to the gradebook</Trans>
        </Button>
        {marksLink}
      </div>
      {returned === 0 ? (
        <p className={styles.quiet}>
          <Trans>Marks can be sent once marked work has been returned.</Trans>
        </p>
      ) : null}
    </div>
  );
}
