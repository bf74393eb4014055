import { describe, expect, it } from 'vitest';
import { rtlProblem, rtlProblems } from '../../scripts/check-rtl';

describe('direction-neutral styles (scripts/check-rtl.ts, run by npm run lint)', () => {
  it('hold across the client', () => {
    expect(rtlProblems()).toEqual([]);
  });

  it('refuses physical sides, side alignments and pointing icons that do not mirror', () => {
    const refused = [
      "  icon: css({ position: 'absolute', left: '3' }),",
      "    closeTrigger: { position: 'absolute', top: '3', right: '3' },",
      "  end: css({ ml: 'auto' }),",
      "    header: { px: '6', pr: '14' },",
      "    borderLeftWidth: '3px',",
      "  numeric: css({ textAlign: { md: 'right' } }),",
      "  legend: css({ float: 'left' }),",
      '  th, td { text-align: left; padding: 8px 0; }',
      '  .x { margin-right: 4px; }',
      "    borderTopLeftRadius: 'md',",
      '        <ChevronRight size={16} aria-hidden="true" />',
      '          pl="9"',
      '                <Skeleton h="8" w="24" ml="auto" />',
      '                    <Table.Header key={c} textAlign="right">',
    ];
    for (const line of refused) expect(rtlProblem(line), line).not.toBeNull();
    const allowed = [
      "  end: css({ ms: 'auto', insetInlineStart: '3', textAlign: 'end' }),",
      "  right: css({ display: 'flex' }),",
      "          left: 'var(--left)', // physical: measured from the left in either direction",
      '        <ChevronRight size={16} className={mirrorInRtl} aria-hidden="true" />',
      "    '--transition-property': 'left, right, top, bottom',",
      '        <ChevronDown size={16} aria-hidden="true" />',
      '          ps="9" textAlign="end"',
    ];
    for (const line of allowed) expect(rtlProblem(line), line).toBeNull();
  });
});
