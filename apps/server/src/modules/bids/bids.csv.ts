import type { Localized, MyBid } from '@yuk/shared';
import { tashkentTime, type CsvColumn } from '../../plugins/csv.js';

/**
 * My Bids as a CSV: what a carrier keeps in a spreadsheet of their offers. Money in USD as plain numbers;
 * the moment of a bid as Tashkent wall-clock time (YYYY-MM-DD HH:mm), the time the carrier saw on screen.
 */

const HEADERS = {
  number: { uz: 'Tender raqami', en: 'Tender number', ru: 'Номер тендера' },
  name: { uz: 'Tender nomi', en: 'Tender name', ru: 'Название тендера' },
  origin: { uz: "Jo'natish joyi", en: 'Origin', ru: 'Откуда' },
  destination: { uz: 'Yetkazish manzili', en: 'Destination', ru: 'Куда' },
  amount: { uz: 'Mening taklifim (USD)', en: 'My bid (USD)', ru: 'Моя ставка (USD)' },
  status: { uz: 'Holati', en: 'Status', ru: 'Статус' },
  placed_at: { uz: 'Berilgan vaqti (Toshkent)', en: 'Placed at (Tashkent time)', ru: 'Время ставки (Ташкент)' },
  plate: { uz: 'Transport raqami', en: 'Vehicle plate', ru: 'Госномер транспорта' },
} as const satisfies Record<string, Localized>;

export const MY_BID_CSV_COLUMNS: readonly CsvColumn<MyBid>[] = [
  { header: HEADERS.number, value: (bid) => bid.number },
  { header: HEADERS.name, value: (bid) => bid.name },
  { header: HEADERS.origin, value: (bid) => bid.origin_location },
  { header: HEADERS.destination, value: (bid) => bid.destination_location },
  { header: HEADERS.amount, value: (bid) => bid.bid_amount },
  { header: HEADERS.status, value: (bid) => bid.status },
  { header: HEADERS.placed_at, value: (bid) => tashkentTime(bid.created_at) },
  { header: HEADERS.plate, value: (bid) => bid.vehicle?.plate },
];
