import { ark } from '@ark-ui/react/factory';
import { Pagination as ArkPagination, usePagination } from '@ark-ui/react/pagination';
import { t } from '@lingui/core/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ComponentProps } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { pagination } from 'styled-system/recipes';
import { mirrorInRtl } from './mirror';
import type { PagerProps } from './pagination';

const { withProvider, withContext } = createStyleContext(pagination);

export const Root = withProvider(ark.div, 'root');
export const Summary = withContext(ark.p, 'summary');
export const Pages = withContext(ArkPagination.RootProvider, 'pages');
export const PageText = withContext(ark.span, 'pageText');
export const Item = withContext(ArkPagination.Item, 'item');
export const Ellipsis = withContext(ArkPagination.Ellipsis, 'ellipsis');
export const PrevTrigger = withContext(ArkPagination.PrevTrigger, 'prevTrigger');
export const NextTrigger = withContext(ArkPagination.NextTrigger, 'nextTrigger');

export type RootProps = ComponentProps<typeof Root>;

/** The pager drawn by `Pager` in `./pagination`. */
export function PagerBody({ page, pageSize, count, onPageChange, noun }: PagerProps) {
  const pagination = usePagination({
    count,
    pageSize,
    page,
    siblingCount: 1,
    onPageChange: (details) => onPageChange(details.page),
    translations: {
      rootLabel: noun ? t`Pages of ${noun}` : t`Pages`,
      prevTriggerLabel: t`Previous page`,
      nextTriggerLabel: t`Next page`,
      itemLabel: (details) => t`Page ${details.page} of ${details.totalPages}`,
    },
  });
  if (count <= pageSize) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, count);
  return (
    <Root>
      <Summary>
        {noun ? t`Showing ${first}–${last} of ${count} ${noun}` : t`Showing ${first}–${last} of ${count}`}
      </Summary>
      <Pages value={pagination}>
        <PrevTrigger>
          <ChevronLeft size={16} className={mirrorInRtl} aria-hidden="true" />
        </PrevTrigger>
        {pagination.pages.map((item, index) =>
          item.type === 'page' ? (
            <Item key={item.value} {...item}>
              {item.value}
            </Item>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: an ellipsis has no identity but its place.
            <Ellipsis key={`ellipsis-${index}`} index={index}>
              …
            </Ellipsis>
          ),
        )}
        <PageText aria-hidden="true">
          {page} / {pagination.totalPages}
        </PageText>
        <NextTrigger>
          <ChevronRight size={16} className={mirrorInRtl} aria-hidden="true" />
        </NextTrigger>
      </Pages>
    </Root>
  );
}
