import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { getSession, subscribeSession } from '../lib/session';
import { subscribeToasts, toastsWanted } from '../lib/toast';
import { createQueryClient } from './query-client';

const AppToaster = lazy(() => import('./toaster'));

/** Everything the app runs inside: the query cache and the toasts (their toaster comes with the first one). */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());

  // a signed-out app keeps nothing of the previous user's data
  useEffect(
    () =>
      subscribeSession(() => {
        if (getSession().status === 'signed-out') client.clear();
      }),
    [client],
  );

  const showToasts = useSyncExternalStore(subscribeToasts, toastsWanted);

  return (
    <QueryClientProvider client={client}>
      {children}
      {showToasts && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
