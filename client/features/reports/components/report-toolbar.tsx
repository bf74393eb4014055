import { t } from '@lingui/core/macro';
import { Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import { SimpleSelect } from '~/components/ui/select';
import { currentLanguage } from '~/lib/i18n';
import { portalToday } from '~/lib/school-time';
import { toast } from '~/lib/toast';

export type ReportFileFormat = 'csv' | 'xlsx' | 'pdf';

const styles = {
  bar: css({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: '3',
    mb: { base: '4', md: '5' },
  }),
  pickers: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3', flex: '1 1 auto' }),
  picker: css({ w: { base: 'full', sm: '52' } }),
  downloads: css({ display: 'flex', flexWrap: 'wrap', gap: '2', border: 'none', p: '0', m: '0', minW: '0' }),
};

/** The school's current month and the eleven before it, newest first, as YYYY-MM. */
export function recentMonths(count = 12): string[] {
  const [year, month] = portalToday().split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/** "November 2026" in the screen's language. */
export const monthLabel = (month: string) => {
  const [year, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(currentLanguage(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, m - 1, 1),
  );
};

/** A month picker over the last twelve months. */
export function MonthPicker({ value, onChange }: { value: string; onChange: (month: string) => void }) {
  const [months] = useState(() => recentMonths());
  return (
    <SimpleSelect
      label={t`Month`}
      options={months.map((m) => ({ value: m, label: monthLabel(m) }))}
      value={value}
      onValueChange={(next) => next && onChange(next)}
      className={styles.picker}
    />
  );
}

export const pickerClass = styles.picker;

const FORMATS: { format: ReportFileFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' }, // i18n-ignore: a format's name
  { format: 'xlsx', label: 'Excel' }, // i18n-ignore
  { format: 'pdf', label: 'PDF' }, // i18n-ignore
];

/** "Preparing… 40%": a large file being made in the background, on its button. */
export const preparingText = (percent: number) => t`Preparing… ${percent}%`;

/**
 * A report's toolbar: its pickers (class, month…) on one side, the download buttons on the other. `download`
 * fetches the file in the chosen format; each button shows its own progress ("Preparing… N%" while a large file
 * is made in the background), and a failure its message.
 */
export function ReportToolbar({
  children,
  download,
  disabled = false,
  extra,
}: {
  children: ReactNode;
  download: (format: ReportFileFormat, onProgress: (percent: number) => void) => Promise<unknown>;
  disabled?: boolean;
  /** Further actions beside the downloads (the whole school's file). */
  extra?: ReactNode;
}) {
  const [busy, setBusy] = useState<ReportFileFormat | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const run = async (format: ReportFileFormat) => {
    setBusy(format);
    setProgress(null);
    try {
      await download(format, setProgress);
    } catch (error) {
      toast.error(t`The report could not be downloaded`, {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setBusy(null);
      setProgress(null);
    }
  };
  return (
    <div className={styles.bar}>
      <div className={styles.pickers}>{children}</div>
      <fieldset className={styles.downloads} aria-label={t`Download`}>
        {FORMATS.map(({ format, label }) => (
          <Button
            key={format}
            variant="outline"
            disabled={disabled || (busy !== null && busy !== format)}
            loading={busy === format}
            loadingText={progress === null ? label : preparingText(progress)}
            aria-label={t`Download ${label}`}
            onClick={() => void run(format)}
          >
            <Download size={16} aria-hidden="true" />
            {label}
          </Button>
        ))}
        {extra}
      </fieldset>
    </div>
  );
}
