import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ClipboardList, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { SimpleSelect } from '~/components/ui/select';
import type { Option, useMarkChoices } from '../choices';
import type { MarksSearch } from '../search';

const styles = {
  pickers: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr)) minmax(0, 2fr)' },
    gap: '3',
  }),
  picker: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'minmax(0, 1fr) auto' },
    alignItems: 'end',
    gap: '2',
  }),
};

export interface MarksPickersProps {
  choices: ReturnType<typeof useMarkChoices>;
  /** The office sees every class, and is told to add classes rather than to ask for them. */
  office: boolean;
  search: MarksSearch;
  onSearchChange: (next: MarksSearch) => void;
  /** The third choice, the assessment with "New assessment" beside it; without it, `end` takes its place. */
  assessment?: { options: Option[]; pending: boolean; onNew: () => void };
  /** What stands beside class and subject on a screen without assessments (homework's "Set homework"). */
  end?: ReactNode;
}

/** Class, subject and assessment, with "New assessment" beside the last; the choices live in the address. */
export function MarksPickers({ choices, office, search, onSearchChange, assessment, end }: MarksPickersProps) {
  const { classId, subjectId, assessmentId } = search;
  const { classes, subjects } = choices;
  return (
    <>
      {choices.error ? (
        <ErrorState
          title={office ? t`Classes could not be loaded` : t`Your classes could not be loaded`}
          description={choices.error.message}
          onRetry={() => void choices.retry()}
        />
      ) : !choices.pending && classes.length === 0 ? (
        <EmptyState
          icon={ClipboardList}
          title={t`No classes to mark`}
          description={
            office
              ? t`Add classes and their subjects under Classroom Management first.`
              : t`No subjects are assigned to you yet. The school office assigns them.`
          }
        />
      ) : (
        <div className={styles.pickers}>
          <SimpleSelect
            label={t`Class`}
            options={classes}
            value={classId ?? ''}
            onValueChange={(value) => value && value !== classId && onSearchChange({ classId: value })}
            placeholder={choices.pending ? t`Loading classes...` : t`Select a class`}
            disabled={choices.pending}
          />
          <SimpleSelect
            label={t`Subject`}
            options={subjects}
            value={subjectId ?? ''}
            onValueChange={(value) => value && value !== subjectId && onSearchChange({ classId, subjectId: value })}
            placeholder={classId ? t`Select a subject` : t`Select a class first`}
            disabled={!classId}
          />
          {assessment ? (
            <div className={styles.picker}>
              <SimpleSelect
                label={t`Assessment`}
                options={assessment.options}
                value={assessmentId ?? ''}
                onValueChange={(value) =>
                  value && value !== assessmentId && onSearchChange({ classId, subjectId, assessmentId: value })
                }
                placeholder={
                  !subjectId
                    ? t`Select a subject first`
                    : assessment.pending
                      ? t`Loading assessments...`
                      : assessment.options.length === 0
                        ? t`No assessments yet`
                        : t`Select an assessment`
                }
                disabled={!subjectId || assessment.options.length === 0}
              />
              <Button variant="outline" disabled={!subjectId} onClick={assessment.onNew}>
                <Plus size={16} aria-hidden="true" />
                <Trans>New assessment</Trans>
              </Button>
            </div>
          ) : (
            end
          )}
        </div>
      )}
    </>
  );
}
