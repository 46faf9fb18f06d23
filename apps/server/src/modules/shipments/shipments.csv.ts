import type { Localized } from '@yuk/shared';
import { tashkentTime, type CsvColumn } from '../../plugins/csv.js';
import type { ShipmentCsvRow } from './shipments.service.js';

/**
 * The shipments list as a CSV, for either party: which road, at what price, how far along. Money in USD as
 * plain numbers, the planned days YYYY-MM-DD, the moments of each step as Tashkent wall-clock time.
 */

const HEADERS = {
  number: { uz: 'Yuk tashish raqami', en: 'Shipment number', ru: 'Номер перевозки' },
  tender_name: { uz: 'Tender nomi', en: 'Tender name', ru: 'Название тендера' },
  origin: { uz: "Jo'natish joyi", en: 'Origin', ru: 'Откуда' },
  destination: { uz: 'Yetkazish manzili', en: 'Destination', ru: 'Куда' },
  role: { uz: 'Mening rolim', en: 'My role', ru: 'Моя роль' },
  status: { uz: 'Holati', en: 'Status', ru: 'Статус' },
  price: { uz: 'Narx (USD)', en: 'Price (USD)', ru: 'Цена (USD)' },
  pickup_date: { uz: 'Yuklash sanasi', en: 'Pickup date', ru: 'Дата погрузки' },
  delivery_date: { uz: 'Yetkazish sanasi', en: 'Delivery date', ru: 'Дата доставки' },
  plate: { uz: 'Transport raqami', en: 'Vehicle plate', ru: 'Госномер транспорта' },
  carrier: { uz: 'Tashuvchi', en: 'Carrier', ru: 'Перевозчик' },
  owner: { uz: 'Yuk egasi', en: 'Cargo owner', ru: 'Грузовладелец' },
  loaded_at: { uz: 'Yuklangan (Toshkent)', en: 'Loaded at (Tashkent time)', ru: 'Погружено (Ташкент)' },
  on_the_way_at: { uz: "Yo'lga chiqdi (Toshkent)", en: 'On the way at (Tashkent time)', ru: 'В пути с (Ташкент)' },
  delivered_at: { uz: 'Yetkazildi (Toshkent)', en: 'Delivered at (Tashkent time)', ru: 'Доставлено (Ташкент)' },
  created_at: { uz: 'Yaratilgan (Toshkent)', en: 'Created at (Tashkent time)', ru: 'Создано (Ташкент)' },
} as const satisfies Record<string, Localized>;

export const SHIPMENT_CSV_COLUMNS: readonly CsvColumn<ShipmentCsvRow>[] = [
  { header: HEADERS.number, value: (row) => row.number },
  { header: HEADERS.tender_name, value: (row) => row.tender_name },
  { header: HEADERS.origin, value: (row) => row.origin },
  { header: HEADERS.destination, value: (row) => row.destination },
  { header: HEADERS.role, value: (row) => row.role },
  { header: HEADERS.status, value: (row) => row.status },
  { header: HEADERS.price, value: (row) => row.amount },
  { header: HEADERS.pickup_date, value: (row) => row.pickupDate },
  { header: HEADERS.delivery_date, value: (row) => row.deliveryDate },
  { header: HEADERS.plate, value: (row) => row.vehicle?.plate },
  { header: HEADERS.carrier, value: (row) => row.carrier_name },
  { header: HEADERS.owner, value: (row) => row.owner_name },
  { header: HEADERS.loaded_at, value: (row) => tashkentTime(row.loaded_at) },
  { header: HEADERS.on_the_way_at, value: (row) => tashkentTime(row.on_the_way_at) },
  { header: HEADERS.delivered_at, value: (row) => tashkentTime(row.delivered_at) },
  { header: HEADERS.created_at, value: (row) => tashkentTime(row.created_at) },
];
