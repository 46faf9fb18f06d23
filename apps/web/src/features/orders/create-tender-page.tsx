import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CreateTenderForm } from './components/create-tender-form';

/** /orders/create: Create New Tender. */
export function CreateTenderPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('orders.create.title'));
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t('orders.create.title')} subtitle={t('orders.create.subtitle')} />
      <CreateTenderForm />
    </div>
  );
}
