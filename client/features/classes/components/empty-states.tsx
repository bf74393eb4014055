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
  if (filtering) return <NoMatch what="classes" onClearFilters={onClearFilters} />;
  return (
    <EmptyState
      as="h3"
      icon={School}
      title="No classes yet"
      description="Add the first class, then assign its students, subjects and timetable."
      action={
        <Button onClick={onAddClass}>
          <Plus size={16} aria-hidden="true" />
          Add New Class
        </Button>
      }
    />
  );
}

export function NoMatch({ what, onClearFilters }: { what: string; onClearFilters: () => void }) {
  return (
    <EmptyState
      as="h3"
      icon={FilterX}
      title={`No ${what} match your search`}
      description="Try another name, or show every grade."
      action={
        <Button variant="outline" onClick={onClearFilters}>
          Clear search and filter
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
        title="Authentication Required"
        description="Please log in to access this page."
        action={
          <Link to="/login" className={button()}>
            <LogIn size={16} aria-hidden="true" />
            Go to Login
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
