import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { FormSelect } from '~/components/ui/form-select';
import { classLabel } from '~/lib/class-label';
import { classesQuery, publicationsQuery, resultsQuery, termsQuery, useLiveResults } from '../api';

const styles = {
  pickers: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 16rem))' },
    gap: '3',
  }),
};

/** The term running today, or the last one begun, else the first. */
function currentTerm(terms: { _id: string; startDate: string }[]) {
  const today = new Date().toISOString().slice(0, 10);
  const begun = terms.filter((term) => term.startDate <= today);
  return (begun.at(-1) ?? terms[0])?._id ?? '';
}

/** The class and term every tab of the screen shows, with the one results call they share. */
export function useProgressChoice() {
  const classes = useQuery(classesQuery());
  const terms = useQuery(termsQuery());
  const [classChoice, setClassChoice] = useState('');
  const [termChoice, setTermChoice] = useState('');
  const classId = classChoice || classes.data?.[0]?._id || '';
  const termId = termChoice || currentTerm(terms.data ?? []);
  useLiveResults(classId || undefined);
  const results = useQuery({ ...resultsQuery(classId, termId), enabled: Boolean(classId && termId) });
  const publications = useQuery({ ...publicationsQuery(classId), enabled: Boolean(classId) });
  const klass = classes.data?.find((c) => c._id === classId);
  const term = terms.data?.find((x) => x._id === termId);
  return {
    classes,
    terms,
    classId,
    termId,
    setClassChoice,
    setTermChoice,
    results,
    publications,
    publication: publications.data?.find((p) => p.termId === termId),
    klass,
    className: klass ? classLabel(klass) : '',
    term,
    termName: term?.name ?? '',
  };
}

export type ProgressChoice = ReturnType<typeof useProgressChoice>;

export function ProgressPickers({ choice }: { choice: ProgressChoice }) {
  const { classes, terms } = choice;
  return (
    <div className={styles.pickers}>
      <FormSelect
        label={t`Class`}
        options={(classes.data ?? []).map((c) => ({ value: c._id, label: classLabel(c) }))}
        value={choice.classId}
        onValueChange={choice.setClassChoice}
        placeholder={t`Choose a class`}
        disabled={!classes.data?.length}
      />
      <FormSelect
        label={t`Term`}
        options={(terms.data ?? []).map((x) => ({ value: x._id, label: x.name }))}
        value={choice.termId}
        onValueChange={choice.setTermChoice}
        placeholder={t`Choose a term`}
        disabled={!terms.data?.length}
      />
    </div>
  );
}
