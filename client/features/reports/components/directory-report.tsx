import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Checkbox } from '~/components/ui/checkbox';
import { ReportCard } from './fee-report-table';
import { StudentFilters, useStudentFilters } from './student-filters';

/** The pickers' choice of everything: no filter sent. */

const styles = {
  columns: css({
    gridColumn: '1 / -1',
    display: 'flex',
    flexWrap: 'wrap',
    gap: '3',
    border: 'none',
    p: '0',
    m: '0',
  }),
  legend: css({ fontSize: 'sm', fontWeight: 'medium', mb: '2', width: '100%' }),
};

type Kind = 'students' | 'parents';

/** Rows a page on screen: the whole directory arrives for downloads, the screen draws a page of it at a time. */
const PAGE_SIZE = 50;

const studentColumns = () => [
  { value: 'roll', label: t`Roll number` },
  { value: 'name', label: t`Name` },
  { value: 'class', label: t`Class` },
  { value: 'gender', label: t`Gender` },
  { value: 'dateOfBirth', label: t`Date of birth` },
  { value: 'admissionNumber', label: t`Admission no.` },
  { value: 'admissionDate', label: t`Admission date` },
  { value: 'parents', label: t`Parents` },
  { value: 'phone', label: t`Phone` },
  { value: 'email', label: t`Email` },
  { value: 'address', label: t`Address` },
  { value: 'status', label: t`Status` },
];
const parentColumns = () => [
  { value: 'student', label: t`Student` },
  { value: 'class', label: t`Class` },
  { value: 'roll', label: t`Roll number` },
  { value: 'relation', label: t`Relation` },
  { value: 'name', label: t`Parent` },
  { value: 'phone', label: t`Phone` },
  { value: 'email', label: t`Email` },
  { value: 'occupation', label: t`Occupation` },
];
const DEFAULTS: Record<Kind, string[]> = {
  students: ['roll', 'name', 'class', 'gender', 'admissionNumber', 'parents', 'phone'],
  parents: ['student', 'class', 'roll', 'relation', 'name', 'phone', 'email', 'occupation'],
};

/** Students Info and Parents Info: the directories, with the columns chosen and a class, grade and status. */
export function DirectoryReport({ kind }: { kind: Kind }) {
  const filters = useStudentFilters();
  const [columns, setColumns] = useState(DEFAULTS[kind]);
  const offered = kind === 'students' ? studentColumns() : parentColumns();
  const toggle = (column: string, on: boolean) =>
    setColumns((chosen) => (on ? [...chosen, column] : chosen.filter((c) => c !== column)));
  return (
    <ReportCard
      title={kind === 'students' ? t`Student information` : t`Parent information`}
      description={
        kind === 'students'
          ? t`Admission details, contact information and class of every student.`
          : t`Parents and guardians of each student with their contact details.`
      }
      path={kind === 'students' ? '/reports/students-info' : '/reports/parents-info'}
      query={{
        ...filters.query,
        columns: columns.join(',') || undefined,
      }}
      fileName={kind === 'students' ? 'students-information' : 'parents-information'}
      pageSize={PAGE_SIZE}
      noun={kind === 'students' ? t`students` : t`parents`}
      filters={
        <>
          <StudentFilters filters={filters} />
          <fieldset className={styles.columns}>
            <legend className={styles.legend}>{t`Columns`}</legend>
            {offered.map((column) => (
              <Checkbox
                key={column.value}
                checked={columns.includes(column.value)}
                onCheckedChange={(details) => toggle(column.value, details.checked === true)}
              >
                {column.label}
              </Checkbox>
            ))}
          </fieldset>
        </>
      }
    />
  );
}
