import { t } from '@lingui/core/macro';
import { css } from 'styled-system/css';
import { PageHeader } from '~/components/ui/page-header';
import { api } from '~/lib/api';
import { useSession } from '~/lib/session';
import type { MarksSource } from '../choices';
import type { MarksSearch } from '../search';
import { MarksScreen } from './marks-screen';

const body = css({ maxW: '5xl' });
const source: MarksSource = { audience: 'admin', client: api };

/** The marks sheet inside the office portal: any class and subject, with the school's token. */
export function OfficeMarksPage({
  search,
  onSearchChange,
}: {
  search: MarksSearch;
  onSearchChange: (next: MarksSearch) => void;
}) {
  const timeZone = useSession().user?.school?.timeZone;
  return (
    <>
      <PageHeader
        title={t`Marks`}
        description={t`Create assessments and enter or correct the marks of any class and subject.`}
      />
      <div className={body}>
        <MarksScreen source={source} timeZone={timeZone} search={search} onSearchChange={onSearchChange} />
      </div>
    </>
  );
}
