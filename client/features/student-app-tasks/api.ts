import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Data, Row } from '~/lib/answers';
import { api } from '~/lib/api';
import type { CallQuery } from '~/lib/calls';
import type {
  listHomeworkAnswer,
  listTasksAnswer,
  rosterAnswer,
  summaryAnswer,
} from '../../../worker/modules/homework/answers';

export type Summary = Data<typeof summaryAnswer>;
export type Homework = Row<typeof listHomeworkAnswer>;
export type Roster = Data<typeof rosterAnswer>;
export type RosterStudent = Roster['students'][number];
export type Task = Row<typeof listTasksAnswer>;
export type HomeworkFilters = CallQuery<'GET /homework'> & { page: number; limit: number };
export type TaskFilters = CallQuery<'GET /homework/tasks'> & { page: number; limit: number };
export type SummaryFilters = CallQuery<'GET /homework/summary'>;
export interface Page<T> {
  rows: T[];
  total: number;
}

/** Every query of the screen starts with this key: a live homework event refreshes them all at once. */
export const homeworkKeys = {
  all: ['student-app-tasks'] as const,
  summary: (filters: SummaryFilters) => ['student-app-tasks', 'summary', filters] as const,
  list: (filters: HomeworkFilters) => ['student-app-tasks', 'homework', filters] as const,
  roster: (id: string) => ['student-app-tasks', 'roster', id] as const,
  tasks: (filters: TaskFilters) => ['student-app-tasks', 'tasks', filters] as const,
  classes: ['student-app-tasks', 'classes'] as const,
};

/** `GET /homework/summary`: the cards, the Overview's rates and the Reports. */
export const summaryQuery = (filters: SummaryFilters = {}) =>
  queryOptions({
    queryKey: homeworkKeys.summary(filters),
    queryFn: ({ signal }) => api.call('GET /homework/summary', { query: filters }, { signal }),
    placeholderData: keepPreviousData,
  });

/** `GET /homework`: the school's homework, newest due first, one page. */
export const homeworkListQuery = (filters: HomeworkFilters) =>
  queryOptions({
    queryKey: homeworkKeys.list(filters),
    queryFn: async ({ signal }): Promise<Page<Homework>> => {
      const body = await api.callBody('GET /homework', { query: filters }, { signal });
      return { rows: body.data, total: body.total };
    },
    placeholderData: keepPreviousData,
  });

/** `GET /homework/:id/submissions`: the class's hand-ins, and who has not handed in. */
export const rosterQuery = (id: string) =>
  queryOptions({
    queryKey: homeworkKeys.roster(id),
    queryFn: ({ signal }) => api.call('GET /homework/:id/submissions', { param: { id } }, { signal }),
    enabled: Boolean(id),
  });

/** `GET /homework/tasks`: the students' own to-dos, open ones first. */
export const tasksQuery = (filters: TaskFilters) =>
  queryOptions({
    queryKey: homeworkKeys.tasks(filters),
    queryFn: async ({ signal }): Promise<Page<Task>> => {
      const body = await api.callBody('GET /homework/tasks', { query: filters }, { signal });
      return { rows: body.data, total: body.total };
    },
    placeholderData: keepPreviousData,
  });

/** The school's classes (of the year looked at) for the filters, in the school's order. */
export const classOptionsQuery = () =>
  queryOptions({
    queryKey: homeworkKeys.classes,
    queryFn: async ({ signal }) => {
      const classes = await api.call('GET /classes', { query: { limit: 500 } }, { signal });
      return [...classes].sort(
        (a, b) => Number(a.name) - Number(b.name) || a.name.localeCompare(b.name) || a.section.localeCompare(b.section),
      );
    },
    staleTime: 5 * 60_000,
  });
