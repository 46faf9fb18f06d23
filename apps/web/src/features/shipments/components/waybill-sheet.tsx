import { useTranslation } from 'react-i18next';
import { groupDigits, type WaybillSheet } from '@yuk/shared';
import { DocumentSheet, SheetBlock } from '../../../components/ui/document-sheet';
import { formatDate } from '../../../lib/format';

const sum = (amount: string) => groupDigits(Number(amount), 2, 2);

/**
 * The waybill as a paper document, the way both parties and the operator will read it: the parties with their
 * STIRs, vehicle and driver, the loading and unloading points with the people responsible, the goods and the
 * totals in so'm.
 */
export function WaybillSheetView({ sheet }: { sheet: WaybillSheet }) {
  const { t } = useTranslation();
  const none = t('shipments.waybill.sheet.none');
  const party = (who: { tin: string; name: string }) => (
    <>
      <p className="font-medium">{who.name || none}</p>
      <p className="text-slate-600">{t('shipments.waybill.sheet.tin', { tin: who.tin || none })}</p>
    </>
  );
  const point = (place: WaybillSheet['loading']) =>
    place ? (
      <>
        <p>{[place.region, place.district, place.address].join(', ')}</p>
        {place.trustee && (
          <p className="text-slate-600">{t('shipments.waybill.sheet.trustee', { person: place.trustee })}</p>
        )}
      </>
    ) : (
      <p className="text-slate-500">{none}</p>
    );
  const vehicle = (car: WaybillSheet['truck']) => (car ? `${car.plate} · ${car.model}` : none);

  return (
    <DocumentSheet
      label={t('shipments.waybill.sheet.label')}
      title={t('shipments.waybill.sheet.title', { number: sheet.number })}
      subtitle={`${t('shipments.waybill.sheet.date', { date: formatDate(sheet.date) })} · ${t(
        'shipments.waybill.sheet.contract',
        { number: sheet.contract.number, date: formatDate(sheet.contract.date) },
      )}`}
    >
      <div className="grid gap-2 sm:grid-cols-3">
        <SheetBlock title={t('shipments.waybill.sheet.consignor')}>{party(sheet.consignor)}</SheetBlock>
        <SheetBlock title={t('shipments.waybill.sheet.consignee')}>{party(sheet.consignee)}</SheetBlock>
        <SheetBlock title={t('shipments.fields.carrierName')}>{party(sheet.carrier)}</SheetBlock>
      </div>
      <div className="grid gap-2 sm:grid-cols-3">
        <SheetBlock title={t('shipments.waybill.sheet.vehicle')}>{vehicle(sheet.truck)}</SheetBlock>
        <SheetBlock title={t('shipments.waybill.fields.trailer')}>{vehicle(sheet.trailer)}</SheetBlock>
        <SheetBlock title={t('shipments.waybill.fields.driver')}>
          {sheet.driver ? (
            <>
              <p className="font-medium">{sheet.driver.full_name}</p>
              <p className="text-slate-600">
                {sheet.driver.pinfl} · {sheet.driver.phone}
              </p>
            </>
          ) : (
            none
          )}
        </SheetBlock>
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        <SheetBlock title={t('shipments.waybill.sheet.loading')}>{point(sheet.loading)}</SheetBlock>
        <SheetBlock title={t('shipments.waybill.sheet.unloading')}>{point(sheet.unloading)}</SheetBlock>
      </div>
      <div className="min-w-0">
        <p className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {t('shipments.waybill.fields.goods')}
        </p>
        {sheet.goods.length === 0 ? (
          <p className="text-sm text-slate-500">{t('shipments.waybill.sheet.noGoods')}</p>
        ) : (
          <div
            className="overflow-x-auto [contain:inline-size]"
            tabIndex={0}
            role="region"
            aria-label={t('shipments.waybill.fields.goods')}
          >
            <table className="w-full min-w-[40rem] border-collapse text-left text-xs">
              <thead>
                <tr className="border-b border-slate-400">
                  <th className="py-1 pr-2">№</th>
                  <th className="py-1 pr-2">{t('shipments.waybill.sheet.goodName')}</th>
                  <th className="py-1 pr-2">{t('shipments.waybill.sheet.ikpu')}</th>
                  <th className="py-1 pr-2">{t('shipments.waybill.sheet.package')}</th>
                  <th className="py-1 pr-2 text-right">{t('shipments.waybill.sheet.amount')}</th>
                  <th className="py-1 pr-2 text-right">{t('shipments.waybill.sheet.price')}</th>
                  <th className="py-1 pr-2 text-right">{t('shipments.waybill.sheet.total')}</th>
                  <th className="py-1 pr-2 text-right">{t('shipments.waybill.weightGross')}</th>
                  <th className="py-1 text-right">{t('shipments.waybill.weightNet')}</th>
                </tr>
              </thead>
              <tbody>
                {sheet.goods.map((good, index) => (
                  <tr key={`${good.ikpu}-${index}`} className="border-b border-slate-200">
                    <td className="py-1 pr-2">{index + 1}</td>
                    <td className="py-1 pr-2">{good.name}</td>
                    <td className="py-1 pr-2 font-mono">{good.ikpu}</td>
                    <td className="py-1 pr-2">{good.package_name}</td>
                    <td className="py-1 pr-2 text-right">{groupDigits(good.amount, 0, 3)}</td>
                    <td className="py-1 pr-2 text-right">{sum(good.price)}</td>
                    <td className="py-1 pr-2 text-right">{sum(good.total)}</td>
                    <td className="py-1 pr-2 text-right">{groupDigits(good.weight_gross, 0, 3)}</td>
                    <td className="py-1 text-right">{groupDigits(good.weight_net, 0, 3)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <dl className="grid gap-x-4 gap-y-1 border-t border-slate-300 pt-2 text-sm sm:grid-cols-2">
        <div className="flex justify-between gap-2">
          <dt className="text-slate-600">{t('shipments.waybill.sheet.goodsTotal')}</dt>
          <dd className="min-w-0 text-right font-medium break-words">
            {t('shipments.waybill.sheet.sum', { amount: sum(sheet.goods_total) })}
          </dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-slate-600">{t('shipments.waybill.sheet.weightTotal')}</dt>
          <dd className="min-w-0 text-right font-medium break-words">{groupDigits(sheet.weight_gross_total, 0, 3)}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-slate-600">{t('shipments.waybill.fields.total_distance_km')}</dt>
          <dd className="min-w-0 text-right font-medium break-words">
            {sheet.total_distance_km === null
              ? none
              : t('shipments.waybill.sheet.km', { km: groupDigits(sheet.total_distance_km, 0, 0) })}
          </dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-slate-600">{t('shipments.waybill.sheet.deliveryCost')}</dt>
          <dd className="min-w-0 text-right font-semibold break-words" data-testid="waybill-delivery-cost">
            {sheet.delivery_cost === null
              ? none
              : t('shipments.waybill.sheet.sum', { amount: sum(sheet.delivery_cost) })}
          </dd>
        </div>
      </dl>
    </DocumentSheet>
  );
}
