import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { FilterX, Lock, LogIn, Plus, School } from 'lucide-react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';

interface NoClassesProps {
  filtering: boolean;
  onAddClass: () => void;
  onClearFilters: () => void;
}

/** No class at all (add the first), or none that the search and grade filter let through (clear them). */
export function NoClasses({ filtering, onAddClass, onClearFilters }: NoClassesProps) {
  if (filtering) return <NoMatch title={t`No classes match your search`} onClearFilters={onClearFilters} />;
  return (
    <EmptyState
      as="h3"
      icon={School}
      title={t`No classes yet`}
      description={t`Add the first class, then assign its students, subjects and timetable.`}
      action={
        <Button onClick={onAddClass}>
          <Plus size={16} aria-hidden="true" />
          <Trans>Add New Class</Trans>
        </Button>
      }
    />
  );
}

/** `title` says what matched nothing, e.g. 'No teachers match your search'. */
export function NoMatch({ title, onClearFilters }: { title: string; onClearFilters: () => void }) {
  return (
    <EmptyState
      as="h3"
      icon={FilterX}
      title={title}
      description={t`Try another name, or show every grade.`}
      action={
        <Button variant="outline" onClick={onClearFilters}>
          <Trans>Clear search and filter</Trans>
        </Button>
      }
    />
  );
}

const authStyles = {
  root: css({ maxW: 'md', mx: 'auto', mt: { base: '6', md: '16' } }),
};

/** Shown if the session ends while the screen is open (the portal normally sends the visitor to sign in first). */
export function AuthenticationRequired() {
  return (
    <Card.Root className={authStyles.root}>
      <EmptyState
        as="h1"
        icon={Lock}
        title={t`Authentication Required`}
        description={t`Please log in to access this page.`}
        action={
          <Link to="/login" className={button()}>
            <LogIn size={16} aria-hidden="true" />
            <Trans>Go to Login</Trans>
          </Link>
        }
      />
    </Card.Root>
  );
}

/** A list the region needs could not be loaded: which, why, and a way to try again. */
export interface LoadProblem {
  title: string;
  error: Error;
  retry: () => void;
}

export function ProblemState({ problem }: { problem: LoadProblem }) {
  return <ErrorState title={problem.title} description={problem.error.message} onRetry={problem.retry} />;
}
