import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Plus, RotateCcw, Save, Trash2, TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { Button, IconButton } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { ErrorState } from '~/components/ui/error-state';
import { Input } from '~/components/ui/input';
import { Skeleton } from '~/components/ui/skeleton';
import { ApiError } from '~/lib/api';
import { toast } from '~/lib/toast';
import { DEFAULT_BANDS, type ScaleBody, scaleQuery, useSaveScale } from '../grading-api';
import { checkScale, type DraftBand, toDraft } from '../scale-draft';

const styles = {
  header: css({
    display: 'flex',
    flexDirection: { base: 'column', sm: 'row' },
    alignItems: { base: 'stretch', sm: 'flex-start' },
    justifyContent: 'space-between',
    gap: '3',
  }),
  headerText: css({ display: 'flex', flexDirection: 'column', gap: '1' }),
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: '4rem 3rem minmax(0, 1fr) 4rem 2.5rem', md: '7rem 6rem minmax(0, 14rem) 7rem 2.5rem' },
    columnGap: { base: '2', md: '3' },
    alignItems: 'center',
  }),
  head: css({ fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', pb: '2' }),
  rows: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  to: css({ fontVariantNumeric: 'tabular-nums', color: 'fg.muted', textAlign: 'center' }),
  number: css({ textAlign: 'end', fontVariantNumeric: 'tabular-nums' }),
  rowError: css({ gridColumn: '1 / -1', fontSize: 'xs', color: 'danger.fg' }),
  status: css({ display: 'flex', alignItems: 'flex-start', gap: '2', fontSize: 'sm', mt: '4' }),
  ok: css({ color: 'success.fg' }),
  bad: css({ color: 'danger.fg' }),
  footer: css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'space-between', mt: '4' }),
  skeletons: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
};

let nextKey = 0;
const keyed = (bands: ScaleBody['bands']) => toDraft(bands).map((b) => ({ ...b, key: String(nextKey++) }));

/** The server's refusals by band (`bands.3.grade`), and the ones about the whole scale. */
function serverErrors(error: unknown) {
  const rows: Record<number, string> = {};
  const whole: string[] = [];
  if (error instanceof ApiError) {
    for (const detail of error.details) {
      const index = /^bands\.(\d+)/.exec(detail.path ?? '')?.[1];
      if (index !== undefined) rows[Number(index)] ??= detail.msg;
      else whole.push(detail.msg);
    }
  }
  if (whole.length === 0 && Object.keys(rows).length === 0 && error instanceof Error) whole.push(error.message);
  return { rows, whole };
}

/** Settings' grading scale: bands of percentages, each giving a grade and grade points, covering 0 to 100%. */
export function ScaleCard() {
  const scale = useQuery(scaleQuery());
  const save = useSaveScale();
  const [bands, setBands] = useState<(DraftBand & { key: string })[] | null>(null);
  const [refused, setRefused] = useState<{ rows: Record<string, string>; whole: string[] } | null>(null);

  useEffect(() => {
    if (scale.data && bands === null) setBands(keyed(scale.data.bands));
  }, [scale.data, bands]);

  const draft = bands ?? [];
  const checked = checkScale(draft);
  const changed =
    scale.data !== undefined &&
    JSON.stringify(checked.body?.bands ?? null) !== JSON.stringify(toBody(scale.data.bands));

  const edit = (key: string, field: keyof DraftBand, value: string) => {
    setBands((all) => all?.map((b) => (b.key === key ? { ...b, [field]: value } : b)) ?? all);
    setRefused(null);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!checked.body) return;
    // The server numbers its refusals by the order sent: keep the keys in that order to find the rows again.
    const sent = checked.order.map((i) => draft[i].key);
    save.mutate(checked.body, {
      onSuccess: (saved) => {
        toast.success(t`Grading scale saved successfully`);
        setBands(keyed(saved.bands));
      },
      onError: (error) => {
        const found = serverErrors(error);
        setRefused({
          rows: Object.fromEntries(Object.entries(found.rows).map(([i, msg]) => [sent[Number(i)], msg])),
          whole: found.whole,
        });
        toast.error(t`Failed to save the grading scale`, { description: error.message });
      },
    });
  };

  const wholeErrors = [...checked.whole, ...(refused?.whole ?? [])];

  return (
    <Card.Root aria-labelledby="scale-title">
      <form onSubmit={handleSubmit} noValidate>
        <Card.Header className={styles.header}>
          <div className={styles.headerText}>
            <Card.Title id="scale-title">
              <Trans>Grading scale</Trans>
            </Card.Title>
            <Card.Description>
              <Trans>
                Each band gives a grade and grade points to the percentages from its lowest up to the next band. The
                bands cover 0% to 100%: the lowest starts at 0%.
              </Trans>
            </Card.Description>
          </div>
          <Button variant="outline" onClick={() => setBands(keyed(DEFAULT_BANDS))} disabled={save.isPending}>
            <RotateCcw size={16} aria-hidden="true" />
            <Trans>Reset to default</Trans>
          </Button>
        </Card.Header>
        <Card.Body>
          {scale.isPending || (scale.data && !bands) ? (
            <div className={styles.skeletons} aria-busy="true">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} h="10" />
              ))}
            </div>
          ) : scale.isError ? (
            <ErrorState
              title={t`The grading scale could not be loaded`}
              description={scale.error.message}
              onRetry={() => void scale.refetch()}
              retrying={scale.isFetching}
            />
          ) : (
            <>
              <div className={styles.grid} aria-hidden="true">
                <span className={styles.head}>
                  <Trans>From %</Trans>
                </span>
                <span className={styles.head}>
                  <Trans>To %</Trans>
                </span>
                <span className={styles.head}>{t({ message: 'Grade', context: 'grading scale' })}</span>
                <span className={styles.head}>
                  <Trans>Points</Trans>
                </span>
              </div>
              <ul className={styles.rows} aria-label={t`Grade bands`}>
                {draft.map((band, index) => {
                  const n = index + 1;
                  const error = checked.rows[index] ?? refused?.rows[band.key];
                  const to = checked.maxima[index];
                  return (
                    <li key={band.key} className={styles.grid} data-testid="band-row">
                      <Input
                        className={styles.number}
                        inputMode="numeric"
                        aria-label={t`From % of band ${n}`}
                        aria-invalid={Boolean(error) || undefined}
                        value={band.minPercent}
                        onChange={(event) => edit(band.key, 'minPercent', event.target.value)}
                      />
                      <output className={styles.to} aria-label={t`To % of band ${n}`}>
                        {to ?? '–'}
                      </output>
                      <Input
                        aria-label={t`Grade of band ${n}`}
                        aria-invalid={Boolean(error) || undefined}
                        value={band.grade}
                        maxLength={10}
                        onChange={(event) => edit(band.key, 'grade', event.target.value)}
                      />
                      <Input
                        className={styles.number}
                        inputMode="decimal"
                        aria-label={t`Grade points of band ${n}`}
                        value={band.points}
                        onChange={(event) => edit(band.key, 'points', event.target.value)}
                      />
                      <IconButton
                        label={t`Remove band ${n}`}
                        size="sm"
                        disabled={draft.length <= 2}
                        onClick={() => setBands((all) => all?.filter((b) => b.key !== band.key) ?? all)}
                      >
                        <Trash2 size={16} aria-hidden="true" />
                      </IconButton>
                      {error ? (
                        <span className={styles.rowError} role="alert">
                          {error}
                        </span>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
              <div className={styles.status} role="status">
                {wholeErrors.length > 0 ? (
                  <>
                    <TriangleAlert size={16} aria-hidden="true" className={styles.bad} />
                    <span className={styles.bad}>{wholeErrors.join(' ')}</span>
                  </>
                ) : checked.body ? (
                  <>
                    <CircleCheck size={16} aria-hidden="true" className={styles.ok} />
                    <span>
                      <Trans>The bands cover 0% to 100% with no gaps or overlaps.</Trans>
                    </span>
                  </>
                ) : null}
              </div>
              <div className={styles.footer}>
                <Button
                  variant="outline"
                  disabled={draft.length >= 20 || save.isPending}
                  onClick={() =>
                    setBands((all) => [
                      ...(all ?? []),
                      { key: String(nextKey++), minPercent: '', grade: '', points: '' },
                    ])
                  }
                >
                  <Plus size={16} aria-hidden="true" />
                  <Trans>Add band</Trans>
                </Button>
                <Button
                  type="submit"
                  loading={save.isPending}
                  loadingText={t`Saving...`}
                  disabled={!checked.body || !changed}
                >
                  <Save size={16} aria-hidden="true" />
                  <Trans>Save grading scale</Trans>
                </Button>
              </div>
            </>
          )}
        </Card.Body>
      </form>
    </Card.Root>
  );
}

const toBody = (bands: ScaleBody['bands']) =>
  [...bands]
    .sort((a, b) => b.minPercent - a.minPercent)
    .map((b) => ({ minPercent: b.minPercent, grade: b.grade, points: b.points }));
