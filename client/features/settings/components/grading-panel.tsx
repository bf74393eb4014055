import { css } from 'styled-system/css';
import { RankingCard } from './ranking-card';
import { ScaleCard } from './scale-card';
import { TermsCard } from './terms-card';

const panel = css({ display: 'flex', flexDirection: 'column', gap: '6' });

/** Settings' gradebook part: the year's terms, the school's grading scale and whether results rank students. */
export function GradingPanel() {
  return (
    <div className={panel}>
      <TermsCard />
      <ScaleCard />
      <RankingCard />
    </div>
  );
}
