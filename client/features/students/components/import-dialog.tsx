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
import { RELATION_LABELS } from '../format';
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

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
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
        title={`${plural(preview.errorCount, 'problem')} found. Nothing was imported.`}
      >
        Correct these lines in the file and choose it again.
      </Notice>
      <Table.Scroller className={styles.table}>
        <Table.Root>
          <Table.Caption>Problems by line and column</Table.Caption>
          <Table.Head>
            <Table.Row>
              <Table.Header scope="col">Line</Table.Header>
              <Table.Header scope="col">Column</Table.Header>
              <Table.Header scope="col">Problem</Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {preview.errors.map((e) => (
              <Table.Row key={`${e.line}-${e.field}-${e.message}`}>
                <Table.Cell>Line {e.line}</Table.Cell>
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
  return (
    <>
      <Notice icon={CircleCheck} tone="info" title={`Ready to import ${plural(summary.students, 'student')}`}>
        {sentence([
          summary.parentsToCreate ? `${plural(summary.parentsToCreate, 'parent account')} will be created` : '',
          summary.parentsToLink
            ? `${plural(summary.parentsToLink, 'parent')} already in the school will be linked`
            : '',
          summary.admissionNumbersGenerated
            ? `${plural(summary.admissionNumbersGenerated, 'admission number')} will be generated`
            : '',
          preview.ignoredColumns.length > 0 ? `ignored columns: ${preview.ignoredColumns.join(', ')}` : '',
        ])}
      </Notice>
      <ul className={styles.chips} aria-label="Students per class">
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
            {preview.students.length > PREVIEW_ROWS
              ? `The first ${PREVIEW_ROWS} of ${preview.students.length} students`
              : 'Students in the file'}
          </Table.Caption>
          <Table.Head>
            <Table.Row>
              <Table.Header scope="col">Line</Table.Header>
              <Table.Header scope="col">Name</Table.Header>
              <Table.Header scope="col">Class</Table.Header>
              <Table.Header scope="col">Admission No.</Table.Header>
              <Table.Header scope="col">Parents</Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {preview.students.slice(0, PREVIEW_ROWS).map((s) => (
              <Table.Row key={s.line}>
                <Table.Cell>{s.line}</Table.Cell>
                <Table.Cell>{s.name}</Table.Cell>
                <Table.Cell>
                  {s.class}, roll {s.rollNumber}
                </Table.Cell>
                <Table.Cell>{s.admissionNumber}</Table.Cell>
                <Table.Cell>
                  {s.parents
                    .map((p) => `${RELATION_LABELS[p.relation]}: ${p.name}${p.action === 'link' ? ' (existing)' : ''}`)
                    .join(', ')}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.Scroller>
    </>
  );
}

const CSV_COLUMNS: CredentialColumn<ImportCredential>[] = [
  { header: 'Line', value: (c) => c.line },
  { header: 'Role', value: (c) => (c.role === 'student' ? 'Student' : 'Parent') },
  { header: 'Name', value: (c) => c.name },
  { header: 'Email', value: (c) => c.email },
  { header: 'Students', value: (c) => c.students.join('; ') },
  { header: 'Temporary password', value: (c) => c.temporaryPassword },
];

function Done({ result }: { result: ImportResult }) {
  return (
    <>
      <Notice icon={CircleCheck} tone="brand" title={`${plural(result.imported, 'student')} imported`}>
        {plural(result.parentsCreated, 'parent account')} created, {plural(result.parentsLinked, 'existing parent')}{' '}
        linked.
      </Notice>
      <CredentialsList
        credentials={result.credentials}
        summary={`${plural(result.credentials.length, 'new account')}, each with its own temporary password`}
        caption="Sign-ins of the new accounts"
        fileName="student-import-credentials.csv"
        lead={[{ header: 'Line', value: (c) => c.line }]}
        note={(c) => (c.role === 'parent' ? `parent of ${c.students.join(', ')}` : undefined)}
        csv={CSV_COLUMNS}
      />
      <p className={styles.help}>
        The passwords are shown only now and are not kept anywhere readable: download them before closing. Give each
        student and parent their own line: they choose their own password at their first sign-in, and a temporary one
        stops working after 14 days. Parents who already had an account keep their own password.
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
      toast.error('The file could not be checked', { description: (error as Error).message });
    }
  };

  const importFile = async () => {
    if (!file) return;
    try {
      const done = await run.mutateAsync(file);
      setResult(done);
      setPreview(null);
      toast.success(`${done.imported} student(s) imported successfully`);
    } catch (error) {
      toast.error('Failed to import students', { description: (error as Error).message });
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && close()} size="xl">
      <Dialog.Surface>
        <Dialog.Header>
          <Dialog.Title>Import Students</Dialog.Title>
          <Dialog.Description>
            Enrol many students at once from a CSV file. Every row is checked first; nothing is written unless all rows
            are correct.
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
                    One row per student with the columns of the template. Required: Name, Email, Phone, Gender (male,
                    female or other), Date of birth (<span className={styles.code}>YYYY-MM-DD</span>), Class (
                    <span className={styles.code}>8-A</span>), Roll number, and at least one parent or guardian with
                    name and email.
                  </span>
                  <span>Each new account gets its own temporary password, shown once after the import.</span>
                </div>
                <div>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() =>
                      void downloads
                        .template()
                        .catch((e: Error) => toast.error('Failed to download the template', { description: e.message }))
                    }
                  >
                    <Download size={16} aria-hidden="true" />
                    Download template
                  </Button>
                </div>
                <FilePicker
                  label="CSV file"
                  hint="Drop the CSV file here, or"
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
                    {dryRun.isPending ? `Checking ${file.name}...` : file.name}
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
                Import another file
              </Button>
              <Button onClick={close}>Done</Button>
            </>
          ) : (
            <>
              <Button variant="outline" onClick={close} disabled={run.isPending}>
                Cancel
              </Button>
              <Button
                onClick={() => void importFile()}
                disabled={!preview?.valid}
                loading={run.isPending}
                loadingText="Importing..."
              >
                {preview?.valid ? `Import ${plural(preview.summary.students, 'student')}` : 'Import'}
              </Button>
            </>
          )}
        </Dialog.Footer>
      </Dialog.Surface>
    </Dialog.Root>
  );
}
