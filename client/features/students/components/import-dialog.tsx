import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CircleCheck, Download, FileWarning } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import * as Dialog from '~/components/ui/dialog';
import { FilePicker } from '~/components/ui/file-upload';
import { Notice } from '~/components/ui/notice';
import { Spinner } from '~/components/ui/spinner';
import * as Table from '~/components/ui/table';
import { toast } from '~/lib/toast';
import { downloads, type ImportCredential, type ImportPreview, type ImportResult, useImportStudents } from '../api';
import { listOf, relationLabel } from '../format';
import { type CredentialColumn, CredentialsList } from './credentials-list';

const PREVIEW_ROWS = 8;

const styles = {
  stack: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  help: css({ fontSize: 'sm', color: 'fg.muted', display: 'flex', flexDirection: 'column', gap: '1' }),
  code: css({ fontFamily: 'mono', fontSize: 'xs', bg: 'muted', px: '1', borderRadius: 'sm' }),
  file: css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted' }),
  chips: css({ display: 'flex', flexWrap: 'wrap', gap: '2' }),
  table: css({ maxH: '72' }),
};

const studentCount = (count: number) => plural(count, { one: '# student', other: '# students' });

function importLabel(count: number) {
  const students = studentCount(count);
  return t`Import ${students}`;
}

/** The non-empty clauses as one sentence: 'A; b; c.' */
function sentence(clauses: string[]) {
  const text = clauses.filter(Boolean).join('; ');
  return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}.` : '';
}

function Problems({ preview }: { preview: ImportPreview }) {
  return (
    <>
      <Notice
        icon={FileWarning}
        tone="danger"
        title={plural(preview.errorCount, {
          one: '# problem found. Nothing was imported.',
          other: '# problems found. Nothing was imported.',
        })}
      >
        <Trans>Correct these lines in the file and choose it again.</Trans>
      </Notice>
      <Table.Scroller className={styles.table}>
        <Table.Root>
          <Table.Caption>
            <Trans>Problems by line and column</Trans>
          </Table.Caption>
          <Table.Head>
            <Table.Row>
              <Table.Header scope="col">
                <Trans>Line</Trans>
              </Table.Header>
              <Table.Header scope="col">
                <Trans>Column</Trans>
              </Table.Header>
              <Table.Header scope="col">
                <Trans>Problem</Trans>
              </Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {preview.errors.map((e) => (
              <Table.Row key={`${e.line}-${e.field}-${e.message}`}>
                <Table.Cell>
                  <Trans>Line {e.line}</Trans>
                </Table.Cell>
                <Table.Cell>{e.field}</Table.Cell>
                <Table.Cell>{e.message}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.Scroller>
    </>
  );
}

function Plan({ preview }: { preview: ImportPreview }) {
  const { summary } = preview;
  const ignored = listOf(preview.ignoredColumns);
  const total = preview.students.length;
  const students = studentCount(summary.students);
  return (
    <>
      <Notice icon={CircleCheck} tone="info" title={t`Ready to import ${students}`}>
        {sentence([
          summary.parentsToCreate
            ? plural(summary.parentsToCreate, {
                one: '# parent account will be created',
                other: '# parent accounts will be created',
              })
            : '',
          summary.parentsToLink
            ? plural(summary.parentsToLink, {
                one: '# parent already in the school will be linked',
                other: '# parents already in the school will be linked',
              })
            : '',
          summary.admissionNumbersGenerated
            ? plural(summary.admissionNumbersGenerated, {
                one: '# admission number will be generated',
                other: '# admission numbers will be generated',
              })
            : '',
          ignored ? t`ignored columns: ${ignored}` : '',
        ])}
      </Notice>
      <ul className={styles.chips} aria-label={t`Students per class`}>
        {summary.perClass.map((c) => (
          <li key={c.class}>
            <Badge tone="brand">
              {c.class}: {c.count}
            </Badge>
          </li>
        ))}
      </ul>
      <Table.Scroller className={styles.table}>
        <Table.Root>
          <Table.Caption>
            {total > PREVIEW_ROWS ? t`The first ${PREVIEW_ROWS} of ${total} students` : t`Students in the file`}
          </Table.Caption>
          <Table.Head>
            <Table.Row>
              <Table.Header scope="col">
                <Trans>Line</Trans>
              </Table.Header>
              <Table.Header scope="col">
                <Trans>Name</Trans>
              </Table.Header>
              <Table.Header scope="col">
                <Trans>Class</Trans>
              </Table.Header>
              <Table.Header scope="col">
                <Trans>Admission No.</Trans>
              </Table.Header>
              <Table.Header scope="col">
                <Trans>Parents</Trans>
              </Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {preview.students.slice(0, PREVIEW_ROWS).map((s) => (
              <Table.Row key={s.line}>
                <Table.Cell>{s.line}</Table.Cell>
                <Table.Cell>{s.name}</Table.Cell>
                <Table.Cell>
                  <Trans>
                    {s.class}, roll {s.rollNumber}
                  </Trans>
                </Table.Cell>
                <Table.Cell>{s.admissionNumber}</Table.Cell>
                <Table.Cell>
                  {listOf(s.parents.map((p) => parentLine(relationLabel(p.relation), p.name, p.action === 'link')))}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.Scroller>
    </>
  );
}

/** 'Father: Ravi Rao', with '(existing)' for a parent already in the school. */
function parentLine(relation: string, name: string, existing: boolean) {
  return existing ? t`${relation}: ${name} (existing)` : t`${relation}: ${name}`;
}

function csvColumns(): CredentialColumn<ImportCredential>[] {
  return [
    { header: t`Line`, value: (c) => c.line },
    { header: t`Role`, value: (c) => (c.role === 'student' ? t`Student` : t`Parent`) },
    { header: t`Name`, value: (c) => c.name },
    { header: t`Email`, value: (c) => c.email },
    { header: t`Students`, value: (c) => c.students.join('; ') },
    { header: t`Temporary password`, value: (c) => c.temporaryPassword },
  ];
}

function parentOf(students: string[]) {
  const names = listOf(students);
  return t`parent of ${names}`;
}

function Done({ result }: { result: ImportResult }) {
  const created = plural(result.parentsCreated, {
    one: '# parent account created,',
    other: '# parent accounts created,',
  });
  const linked = plural(result.parentsLinked, {
    one: '# existing parent linked.',
    other: '# existing parents linked.',
  });
  return (
    <>
      <Notice
        icon={CircleCheck}
        tone="brand"
        title={plural(result.imported, { one: '# student imported', other: '# students imported' })}
      >
        {created} {linked}
      </Notice>
      <CredentialsList
        credentials={result.credentials}
        summary={plural(result.credentials.length, {
          one: '# new account, each with its own temporary password',
          other: '# new accounts, each with its own temporary password',
        })}
        caption={t`Sign-ins of the new accounts`}
        fileName="student-import-credentials.csv"
        lead={[{ header: t`Line`, value: (c) => c.line }]}
        note={(c) => (c.role === 'parent' ? parentOf(c.students) : undefined)}
        csv={csvColumns()}
      />
      <p className={styles.help}>
        <Trans>
          The passwords are shown only now and are not kept anywhere readable: download them before closing. Give each
          student and parent their own line: they choose their own password at their first sign-in, and a temporary one
          stops working after 14 days. Parents who already had an account keep their own password.
        </Trans>
      </p>
    </>
  );
}

/** Import students from a CSV: choose the file, read the dry run (problems by line, or the plan), then import. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { dryRun, run } = useImportStudents();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setResult(null);
    dryRun.reset();
    run.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const check = async (chosen: File) => {
    setFile(chosen);
    setPreview(null);
    setResult(null);
    try {
      setPreview(await dryRun.mutateAsync(chosen));
    } catch (error) {
      toast.error(t`The file could not be checked`, { description: (error as Error).message });
    }
  };

  const importFile = async () => {
    if (!file) return;
    try {
      const done = await run.mutateAsync(file);
      setResult(done);
      setPreview(null);
      toast.success(
        plural(done.imported, {
          one: '# student(s) imported successfully',
          other: '# student(s) imported successfully',
        }),
      );
    } catch (error) {
      toast.error(t`Failed to import students`, { description: (error as Error).message });
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && close()} size="xl">
      <Dialog.Surface>
        <Dialog.Header>
          <Dialog.Title>
            <Trans>Import Students</Trans>
          </Dialog.Title>
          <Dialog.Description>
            <Trans>
              Enrol many students at once from a CSV file. Every row is checked first; nothing is written unless all
              rows are correct.
            </Trans>
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <div className={styles.stack}>
            {result ? (
              <Done result={result} />
            ) : (
              <>
                <div className={styles.help}>
                  <span>
                    <Trans>
                      One row per student with the columns of the template. Required: Name, Email, Phone, Gender (male,
                      female or other), Date of birth (<span className={styles.code}>YYYY-MM-DD</span>), Class (
                      <span className={styles.code}>8-A</span>), Roll number, and at least one parent or guardian with
                      name and email.
                    </Trans>
                  </span>
                  <span>
                    <Trans>Each new account gets its own temporary password, shown once after the import.</Trans>
                  </span>
                </div>
                <div>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() =>
                      void downloads
                        .template()
                        .catch((e: Error) =>
                          toast.error(t`Failed to download the template`, { description: e.message }),
                        )
                    }
                  >
                    <Download size={16} aria-hidden="true" />
                    <Trans>Download template</Trans>
                  </Button>
                </div>
                <FilePicker
                  label={t`CSV file`}
                  hint={t`Drop the CSV file here, or`}
                  accept={['.csv', 'text/csv']}
                  maxFiles={1}
                  acceptedFiles={[]}
                  onFileChange={(details) => {
                    const chosen = details.acceptedFiles[0];
                    if (chosen) void check(chosen);
                  }}
                  disabled={dryRun.isPending || run.isPending}
                />
                {file ? (
                  <p className={styles.file} aria-live="polite">
                    {dryRun.isPending ? <Spinner /> : null}
                    {dryRun.isPending ? t`Checking ${file.name}...` : file.name}
                  </p>
                ) : null}
                {preview ? preview.valid ? <Plan preview={preview} /> : <Problems preview={preview} /> : null}
              </>
            )}
          </div>
        </Dialog.Body>
        <Dialog.Footer>
          {result ? (
            <>
              <Button variant="outline" onClick={reset}>
                <Trans>Import another file</Trans>
              </Button>
              <Button onClick={close}>
                <Trans>Done</Trans>
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline" onClick={close} disabled={run.isPending}>
                <Trans>Cancel</Trans>
              </Button>
              <Button
                onClick={() => void importFile()}
                disabled={!preview?.valid}
                loading={run.isPending}
                loadingText={t`Importing...`}
              >
                {preview?.valid ? importLabel(preview.summary.students) : t`Import`}
              </Button>
            </>
          )}
        </Dialog.Footer>
      </Dialog.Surface>
    </Dialog.Root>
  );
}
