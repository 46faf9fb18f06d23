import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@yuk/shared';
import { getSession, subscribeSession } from '../lib/session';
import { createQueryClient } from './query-client';

/** Everything the app runs inside: the query cache and the toasts (top right, 4000 ms). */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const { t } = useTranslation();
  const [client] = useState(() => queryClient ?? createQueryClient());

  // a signed-out app keeps nothing of the previous user's data
  useEffect(
    () =>
      subscribeSession(() => {
        if (getSession().status === 'signed-out') client.clear();
      }),
    [client],
  );

  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster
        position="top-right"
        duration={TOAST_DURATION_MS}
        theme="dark"
        richColors
        closeButton
        style={{ fontFamily: 'var(--font-sans)' }}
        containerAriaLabel={t('common.toasts')}
        toastOptions={{ closeButtonAriaLabel: t('common.close') }}
      />
    </QueryClientProvider>
  );
}
