import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@yuk/shared';

/** Sonner's toaster as the app shows it (top right, 4000 ms); its own chunk, mounted with the first toast. */
export default function AppToaster() {
  const { t } = useTranslation();
  return (
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
  );
}
