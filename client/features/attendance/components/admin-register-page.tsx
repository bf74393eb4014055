import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { mirrorInRtl } from '~/components/ui/mirror';
import { PageHeader } from '~/components/ui/page-header';
import { api } from '~/lib/api';
import { useSession } from '~/lib/session';
import type { RegisterSearch } from '../search';
import type { RegisterSource } from './register/period-choices';
import { RegisterScreen } from './register/register-screen';

const styles = {
  body: css({ maxW: '4xl' }),
  back: css({ w: { base: 'full', md: 'auto' } }),
};

const source: RegisterSource = { audience: 'admin', client: api };

/** The same register inside the office portal: any class, any subject, with the school's token. */
export function AdminRegisterPage({
  search,
  onSearchChange,
}: {
  search: RegisterSearch;
  onSearchChange: (next: RegisterSearch) => void;
}) {
  const timeZone = useSession().user?.school?.timeZone;
  return (
    <>
      <PageHeader
        title={t`Class register`}
        description={t`Take or correct the register of any class, one subject and day at a time.`}
        actions={
          <Link
            to="/attendance"
            search={{ classId: search.classId, date: search.date }}
            className={cx(button({ variant: 'outline', size: 'md' }), styles.back)}
          >
            <ArrowLeft className={mirrorInRtl} size={16} aria-hidden="true" />
            <Trans>Back to attendance</Trans>
          </Link>
        }
      />
      <div className={styles.body}>
        <RegisterScreen source={source} search={search} onSearchChange={onSearchChange} timeZone={timeZone} />
      </div>
    </>
  );
}
