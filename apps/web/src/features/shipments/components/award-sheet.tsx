import { useTranslation } from 'react-i18next';
import type { AwardDocument, AwardParty } from '@yuk/shared';
import { DocumentSheet, SheetBlock } from '../../../components/ui/document-sheet';
import { formatDate, formatDateTime, formatUsd } from '../../../lib/format';

/**
 * The signed award as the paper it stands for: the two parties with their companies and STIRs, where and when
 * the cargo is taken and delivered, and the agreed price. Everything on it is read from the signed text.
 */
export function AwardSheetView({ award }: { award: AwardDocument }) {
  const { t } = useTranslation();
  const party = (who: AwardParty) => (
    <>
      {who.company && <p className="font-medium">{who.company}</p>}
      {who.stir && <p className="text-slate-600">{t('shipments.award.sheet.stir', { stir: who.stir })}</p>}
      <p className={who.company ? 'text-slate-600' : 'font-medium'}>{who.person}</p>
    </>
  );
  const place = (name: string, dateLabel: string, date: string) => (
    <>
      <p className="font-medium">{name}</p>
      <p className="text-slate-600">
        {dateLabel}: {formatDate(date)}
      </p>
    </>
  );
  return (
    <DocumentSheet
      label={t('shipments.award.sheet.label')}
      title={t('shipments.award.sheet.title', { number: award.tender_number })}
      subtitle={t('shipments.award.sheet.awardedAt', { date: formatDateTime(award.awarded_at) })}
    >
      <div className="grid gap-2 sm:grid-cols-2">
        <SheetBlock title={t('shipments.fields.ownerName')}>{party(award.owner)}</SheetBlock>
        <SheetBlock title={t('shipments.fields.carrierName')}>{party(award.carrier)}</SheetBlock>
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        <SheetBlock title={t('terms.origin')}>
          {place(award.origin, t('terms.pickupDate'), award.pickup_date)}
        </SheetBlock>
        <SheetBlock title={t('terms.destination')}>
          {place(award.destination, t('terms.deliveryDate'), award.delivery_date)}
        </SheetBlock>
      </div>
      <div className="flex items-baseline justify-between gap-2 border-t border-slate-300 pt-2">
        <span className="text-sm text-slate-600">{t('shipments.fields.amount')}</span>
        <span className="text-lg font-semibold" data-testid="award-price">
          {formatUsd(award.price.amount)}
        </span>
      </div>
    </DocumentSheet>
  );
}
