import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileBarChart, Play, Save, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { Checkbox } from '~/components/ui/checkbox';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { DateField } from '~/components/ui/date-picker';
import * as Field from '~/components/ui/field';
import { SimpleSelect } from '~/components/ui/select';
import type { Row } from '~/lib/answers';
import { api } from '~/lib/api';
import type { CallJson } from '~/lib/calls';
import { portalToday } from '~/lib/school-time';
import { toast } from '~/lib/toast';
import type { savedReportsAnswer } from '../../../../worker/modules/reports/saved-schemas';
import { downloadReport } from '../attendance-api';
import { dateRanges, FORMATS, reportTypes } from '../report-tabs';
import { preparingText } from './report-toolbar';
import { StudentFilters, useStudentFilters } from './student-filters';

export type ReportDefinition = CallJson<'POST /reports/saved'>['definition'];
type Saved = Row<typeof savedReportsAnswer>;

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } }),
  form: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
    gap: '4',
    alignItems: 'end',
  }),
  wide: css({
    gridColumn: { md: '1 / -1' },
    display: 'flex',
    flexWrap: 'wrap',
    gap: '3',
    border: 'none',
    p: '0',
    m: '0',
  }),
  legend: css({ fontSize: 'sm', fontWeight: 'medium', mb: '2', width: '100%' }),
  actions: css({
    display: 'flex',
    flexWrap: 'wrap',
    gap: '2',
    justifyContent: 'flex-end',
    gridColumn: { md: '1 / -1' },
  }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: '0', m: '0' }),
  item: css({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '2',
    py: '2',
    borderBottomWidth: '1px',
    borderColor: 'border',
  }),
  itemText: css({ display: 'flex', flexDirection: 'column' }),
  muted: css({ color: 'fg.muted', fontSize: 'sm' }),
};

const DAY = 86_400_000;
const shift = (date: string, days: number) => new Date(Date.parse(date) + days * DAY).toISOString().slice(0, 10);

/** The dates a range covers, ending today on the school's calendar. */
export function rangeDates(definition: ReportDefinition, today: string): { from: string; to: string } {
  if (definition.range === 'custom') return { from: definition.from ?? today, to: definition.to ?? today };
  if (definition.range === '7-days') return { from: shift(today, -6), to: today };
  if (definition.range === '30-days') return { from: shift(today, -29), to: today };
  const back = new Date(`${today}T00:00:00Z`);
  back.setUTCMonth(back.getUTCMonth() - 3);
  return { from: shift(back.toISOString().slice(0, 10), 1), to: today };
}

/**
 * The report call a definition runs: Student → the students' directory, Financial → fee collection by class,
 * Attendance → the students' monthly attendance report, Performance → the gradebook's term results of a class.
 */
export function reportRequest(definition: ReportDefinition, today: string) {
  const { from, to } = rangeDates(definition, today);
  const format = definition.format;
  const filters = { classId: definition.classId, grade: definition.grade, status: definition.status };
  switch (definition.type) {
    case 'student':
      return { path: '/reports/students-info', query: { ...filters, columns: definition.columns?.join(','), format } };
    case 'financial':
      return { path: '/reports/fees/collection', query: { from, to, groupBy: 'class', format } };
    case 'attendance':
      return { path: '/reports/attendance/students', query: { ...filters, from, to, format } };
    default:
      return { path: '/grades/results', query: { classId: definition.classId, termId: definition.termId } };
  }
}

const STUDENT_COLUMNS = () => [
  { value: 'roll', label: t`Roll number` },
  { value: 'name', label: t`Name` },
  { value: 'class', label: t`Class` },
  { value: 'gender', label: t`Gender` },
  { value: 'dateOfBirth', label: t`Date of birth` },
  { value: 'admissionNumber', label: t`Admission no.` },
  { value: 'parents', label: t`Parents` },
  { value: 'phone', label: t`Phone` },
  { value: 'email', label: t`Email` },
  { value: 'address', label: t`Address` },
  { value: 'status', label: t`Status` },
];
const FORMAT_VALUE: Record<string, ReportDefinition['format']> = { PDF: 'pdf', Excel: 'xlsx', CSV: 'csv' };

/** What is being made: the builder's own report or a saved one (by id), and its progress once made in the background. */
type Running = { key: string; percent: number | null };

/**
 * Runs a definition and saves its file; a large PDF or workbook is made in the background, its progress shown
 * on the button that asked for it until the download starts.
 */
function useRun() {
  const [running, setRunning] = useState<Running | null>(null);
  const run = async (key: string, definition: ReportDefinition, name: string) => {
    const { path, query } = reportRequest(definition, portalToday());
    setRunning({ key, percent: null });
    try {
      await downloadReport(
        path,
        Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v === undefined ? undefined : String(v)])),
        `${name}.${definition.format}`,
        (percent) => setRunning({ key, percent }),
      );
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setRunning(null);
    }
  };
  const label = (key: string) =>
    running?.key === key && running.percent !== null ? preparingText(running.percent) : undefined;
  return { run, running, label };
}

/** The custom report builder: what to report on, over which dates, filters and columns, in which format; saved to run again. */
export function CustomReportBuilder() {
  const queryClient = useQueryClient();
  const filters = useStudentFilters();
  const [type, setType] = useState<ReportDefinition['type']>('student');
  const [termId, setTermId] = useState('');
  const terms = useQuery({
    queryKey: ['reports', 'terms'],
    queryFn: ({ signal }) => api.call('GET /grades/terms', {}, { signal }),
    enabled: type === 'performance',
  });
  const saved = useQuery({
    queryKey: ['reports', 'saved'],
    queryFn: ({ signal }) => api.call('GET /reports/saved', {}, { signal }),
  });
  const [range, setRange] = useState<ReportDefinition['range']>('30-days');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [format, setFormat] = useState('CSV');
  const [columns, setColumns] = useState(['roll', 'name', 'class', 'phone']);
  const [name, setName] = useState('');
  const { run, running, label } = useRun();
  const [deleting, setDeleting] = useState<Saved | null>(null);
  const deletingName = deleting?.name ?? '';
  const definition: ReportDefinition = {
    type,
    range,
    format: FORMAT_VALUE[format] ?? 'csv',
    ...(range === 'custom' ? { from, to } : {}),
    ...(filters.query.classId ? { classId: filters.query.classId } : {}),
    ...(filters.query.grade ? { grade: filters.query.grade as ReportDefinition['grade'] } : {}),
    status: filters.status as ReportDefinition['status'],
    ...(type === 'student' ? { columns: columns as ReportDefinition['columns'] } : {}),
    ...(type === 'performance' && termId ? { termId } : {}),
  };
  const save = useMutation({
    mutationFn: () => api.call('POST /reports/saved', { json: { name: name.trim(), definition } }),
    onSuccess: () => {
      toast.success(t`Report saved`);
      setName('');
      return queryClient.invalidateQueries({ queryKey: ['reports', 'saved'] });
    },
    onError: (error) => toast.error(error.message),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.call('DELETE /reports/saved/:id', { param: { id } }),
    onSuccess: () => {
      toast.success(t`Saved report deleted`);
      setDeleting(null);
      return queryClient.invalidateQueries({ queryKey: ['reports', 'saved'] });
    },
    onError: (error) => {
      toast.error(error.message);
      setDeleting(null);
    },
  });
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running) return;
    void run('builder', definition, `${type}-report`);
  };
  const typeLabel = (saved: Saved) =>
    reportTypes().find((option) => option.value === (saved.definition as ReportDefinition).type)?.label ?? '';
  return (
    <div className={styles.page}>
      <Card.Root>
        <Card.Header>
          <Card.Title>
            <Trans>Customised reports</Trans>
          </Card.Title>
          <Card.Description>
            <Trans>Choose what to report on, over which dates, and in which format.</Trans>
          </Card.Description>
        </Card.Header>
        <Card.Body>
          <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label={t`Custom report`}>
            <SimpleSelect
              label={t`Report type`}
              options={reportTypes()}
              value={type}
              onValueChange={(value) => setType(value as ReportDefinition['type'])}
            />
            <SimpleSelect
              label={t`Date range`}
              options={dateRanges()}
              value={range}
              onValueChange={(value) => setRange(value as ReportDefinition['range'])}
            />
            <SimpleSelect label={t`Format`} options={FORMATS} value={format} onValueChange={setFormat} />
            {range === 'custom' ? (
              <>
                <DateField label={t`From`} value={from} onValueChange={setFrom} required />
                <DateField label={t`To`} value={to} onValueChange={setTo} required />
              </>
            ) : null}
            <StudentFilters filters={filters} />
            {type === 'performance' ? (
              <SimpleSelect
                label={t`Term`}
                options={(terms.data ?? []).map((term) => ({ value: term._id, label: term.name }))}
                value={termId}
                onValueChange={setTermId}
              />
            ) : null}
            {type === 'student' ? (
              <fieldset className={styles.wide}>
                <legend className={styles.legend}>{t`Columns`}</legend>
                {STUDENT_COLUMNS().map((column) => (
                  <Checkbox
                    key={column.value}
                    checked={columns.includes(column.value)}
                    onCheckedChange={(details) =>
                      setColumns((chosen) =>
                        details.checked === true ? [...chosen, column.value] : chosen.filter((c) => c !== column.value),
                      )
                    }
                  >
                    {column.label}
                  </Checkbox>
                ))}
              </fieldset>
            ) : null}
            <Field.Root>
              <Field.Label>
                <Trans>Save as</Trans>
              </Field.Label>
              <Field.Input
                value={name}
                placeholder={t`e.g. Class 8 phone list`}
                onChange={(e) => setName(e.target.value)}
              />
            </Field.Root>
            <div className={styles.actions}>
              <Button
                type="button"
                variant="outline"
                disabled={!name.trim()}
                loading={save.isPending}
                onClick={() => save.mutate()}
              >
                <Save size={16} aria-hidden="true" />
                <Trans>Save report</Trans>
              </Button>
              <Button
                type="submit"
                loading={running?.key === 'builder'}
                loadingText={label('builder')}
                disabled={running !== null && running.key !== 'builder'}
              >
                <FileBarChart size={16} aria-hidden="true" />
                <Trans>Generate report</Trans>
              </Button>
            </div>
          </form>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Card.Title>
            <Trans>Saved reports</Trans>
          </Card.Title>
          <Card.Description>
            <Trans>Reports saved by the office, to run again with today's dates.</Trans>
          </Card.Description>
        </Card.Header>
        <Card.Body>
          {saved.data && saved.data.length === 0 ? (
            <p className={styles.muted}>
              <Trans>No saved reports yet.</Trans>
            </p>
          ) : (
            <ul className={styles.list} aria-label={t`Saved reports`}>
              {(saved.data ?? []).map((report) => (
                <li key={report._id} className={styles.item}>
                  <span className={styles.itemText}>
                    <span>{report.name}</span>
                    <span className={styles.muted}>{typeLabel(report)}</span>
                  </span>
                  <span>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => void run(report._id, report.definition as ReportDefinition, report.name)}
                      aria-label={t`Run ${report.name}`}
                      loading={running?.key === report._id}
                      loadingText={label(report._id)}
                      disabled={running !== null && running.key !== report._id}
                    >
                      <Play size={16} aria-hidden="true" />
                      <Trans>Run</Trans>
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setDeleting(report)}
                      aria-label={t`Delete ${report.name}`}
                    >
                      <Trash2 size={16} aria-hidden="true" />
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card.Body>
      </Card.Root>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title={t`Delete this saved report?`}
        description={
          deleting
            ? t`“${deletingName}” will no longer be offered to run again. Files already downloaded stay as they are.`
            : ''
        }
        confirmLabel={t`Delete saved report`}
        busyLabel={t`Deleting...`}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting._id)}
      />
    </div>
  );
}
