import { useTranslation } from 'react-i18next';
import { webRoutes } from '@yuk/shared';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ButtonLink } from '../../components/ui/button-link';

/** Any path that no page claims, inside the shell. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-3xl font-semibold tracking-tight text-white">{t('notFound.title')}</h1>
      <p className="text-slate-300">{t('notFound.hint')}</p>
      <ButtonLink to={webRoutes.tenders}>{t('notFound.back')}</ButtonLink>
    </div>
  );
}
