import { t } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { NotFoundScreen } from '~/components/not-found-screen';
import { DeferredToaster } from '~/components/ui/deferred-toaster';
import { PageLocale } from '~/lib/page-locale';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({ meta: [{ title: t`School Portal` }] }),
  component: RootComponent,
  notFoundComponent: NotFoundScreen,
});

function RootComponent() {
  return (
    <PageLocale>
      <HeadContent />
      <Outlet />
      <DeferredToaster />
    </PageLocale>
  );
}
