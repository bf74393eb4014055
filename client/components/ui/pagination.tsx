import { lazyPart, whenIdle } from './lazy-part';

export interface PagerProps {
  /** From 1. */
  page: number;
  pageSize: number;
  /** How many rows there are in all. */
  count: number;
  onPageChange: (page: number) => void;
  /** The noun in the summary, e.g. 'dues' gives 'Showing 1–50 of 591 dues'. */
  noun?: string;
}

const Body = lazyPart(
  () => import('./pager-body').then((m) => m.PagerBody),
  () => true,
);
// A pager shows under a table once its rows have arrived: its code loads while they do, when the browser is idle.
if (typeof window !== 'undefined') whenIdle(() => void Body.preload());

/** 'Showing 1–50 of 591' and the page buttons below a table; nothing when everything fits on one page. */
export function Pager(props: PagerProps) {
  if (props.count <= props.pageSize) return null;
  return <Body {...props} />;
}
