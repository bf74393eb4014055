import { t } from '@lingui/core/macro';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  type ChartConfiguration,
  Chart as ChartJS,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { chart } from 'styled-system/recipes';

// Only the pieces these charts draw; the rest of Chart.js stays out of the bundle.
ChartJS.register(
  LineController,
  LineElement,
  PointElement,
  BarController,
  BarElement,
  DoughnutController,
  ArcElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
  Filler,
);

const { withProvider, withContext } = createStyleContext(chart);
const Root = withProvider('figure', 'root');
const Frame = withContext('div', 'frame');
const TableBox = withContext('div', 'tableBox');
const Table = withContext('table', 'table');

/** The theme's colour tokens a series may use; read from the design tokens' CSS variables. */
const TONES = {
  brand: '--colors-brand-500',
  success: '--colors-success-dot',
  danger: '--colors-danger-dot',
  warning: '--colors-warning-dot',
  info: '--colors-info-dot',
  teal: '--colors-teal-500',
  violet: '--colors-violet-500',
  pink: '--colors-pink-500',
  sky: '--colors-sky-500',
  neutral: '--colors-zinc-400',
} as const;
export type ChartTone = keyof typeof TONES;
export const CATEGORY_TONES: ChartTone[] = ['brand', 'sky', 'teal', 'warning', 'pink', 'violet', 'success', 'danger'];

function cssVar(name: string, fallback: string) {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

const tone = (name: ChartTone) => cssVar(TONES[name], '#6366f1');

/** The colour with some transparency, for filled areas under a line. */
function translucent(color: string, alpha: number) {
  const hex = color.match(/^#([0-9a-f]{6})$/i)?.[1];
  if (!hex) return color;
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

export interface ChartSeries {
  label: string;
  data: number[];
  /** One colour for the series (line and bar charts). */
  tone?: ChartTone;
  /** A colour per point (doughnut slices). */
  tones?: ChartTone[];
}

export interface ChartProps {
  type: 'line' | 'bar' | 'doughnut';
  /** The chart's accessible name and the caption of its data table. */
  title: string;
  labels: string[];
  series: ChartSeries[];
  /** The heading of the label column in the data table, e.g. 'Date'. */
  labelHeader?: string;
  /** How values read in tooltips, on the value axis and in the data table. */
  formatValue?: (value: number) => string;
  /** A short value-axis label formatter (e.g. '₹12k'); defaults to formatValue. */
  formatTick?: (value: number) => string;
  size?: 'sm' | 'md' | 'lg';
  stacked?: boolean;
  /** The value axis's bounds, e.g. 80 to 100 for rates that never fall far; by default it starts at zero. */
  valueMin?: number;
  valueMax?: number;
}

const plain = (value: number) => value.toLocaleString();

/**
 * A Chart.js chart in the theme's colours with its legend below, and the same figures in a table that
 * only assistive technology reads (the canvas itself is a picture of that table).
 */
export function Chart({
  type,
  title,
  labels,
  series,
  labelHeader = t`Label`,
  formatValue = plain,
  formatTick,
  size,
  stacked,
  valueMin,
  valueMax,
}: ChartProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const dataKey = JSON.stringify({ type, labels, series, stacked, valueMin, valueMax });
  const formatRef = useRef({ formatValue, formatTick });
  formatRef.current = { formatValue, formatTick };

  // biome-ignore lint/correctness/useExhaustiveDependencies: dataKey stands for labels, series, type, stacked and bounds.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const fg = cssVar('--colors-fg-muted', '#52525b');
    const grid = cssVar('--colors-border', '#e4e4e7');
    const surface = cssVar('--colors-surface', '#ffffff');
    const font = { family: getComputedStyle(document.body).fontFamily, size: 12 };
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const format = (value: number) => formatRef.current.formatValue(value);
    const tick = (value: number) => (formatRef.current.formatTick ?? formatRef.current.formatValue)(value);

    const datasets = series.map((s) => {
      const color = tone(s.tone ?? 'brand');
      if (type === 'doughnut') {
        const colors = labels.map((_, i) => tone(s.tones?.[i] ?? CATEGORY_TONES[i % CATEGORY_TONES.length]));
        return { label: s.label, data: s.data, backgroundColor: colors, borderColor: surface, borderWidth: 2 };
      }
      if (type === 'line') {
        return {
          label: s.label,
          data: s.data,
          borderColor: color,
          backgroundColor: translucent(color, 0.12),
          pointBackgroundColor: color,
          pointRadius: 3,
          pointHoverRadius: 5,
          borderWidth: 2,
          tension: 0.3,
          fill: series.length === 1,
        };
      }
      return {
        label: s.label,
        data: s.data,
        backgroundColor: color,
        borderRadius: 4,
        maxBarThickness: 36,
      };
    });

    const axes = {
      x: { stacked, grid: { display: false }, border: { color: grid }, ticks: { color: fg, font } },
      y: {
        stacked,
        beginAtZero: valueMin === undefined,
        min: valueMin,
        max: valueMax,
        grid: { color: grid },
        border: { display: false },
        ticks: { color: fg, font, maxTicksLimit: 6, callback: (value: number | string) => tick(Number(value)) },
      },
    };

    const config = {
      type,
      data: { labels, datasets },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: reduced ? false : { duration: 300 },
        interaction: { mode: type === 'doughnut' ? 'nearest' : 'index', intersect: false },
        cutout: type === 'doughnut' ? '62%' : undefined,
        scales: type === 'doughnut' ? {} : axes,
        plugins: {
          legend: {
            position: 'bottom',
            labels: {
              color: fg,
              font,
              usePointStyle: true,
              pointStyle: 'circle',
              boxWidth: 8,
              boxHeight: 8,
              padding: 16,
            },
          },
          tooltip: {
            bodyFont: font,
            titleFont: { ...font, weight: 600 },
            padding: 10,
            cornerRadius: 8,
            callbacks: {
              label: (item: { dataset: { label?: string }; raw: unknown; label: string }) =>
                `${type === 'doughnut' ? item.label : item.dataset.label}: ${format(Number(item.raw))}`,
            },
          },
        },
      },
    } as unknown as ChartConfiguration;

    const instance = new ChartJS(canvas, config);
    return () => instance.destroy();
  }, [dataKey]);

  return (
    <Root size={size} aria-label={title}>
      <Frame>
        <canvas ref={canvasRef} role="img" aria-label={t`${title}. The figures follow in a table.`} />
      </Frame>
      <TableBox>
        <Table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, index) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((s) => (
                  <td key={s.label}>{formatValue(s.data[index] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </TableBox>
    </Root>
  );
}
