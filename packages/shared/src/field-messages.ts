import type { Language, Localized } from './language.js';

/**
 * Field-level validation messages: schemas use these keys as their zod error messages. A module of its own,
 * apart from the error catalogue, so that the web's forms (the login screen's among them) carry only these.
 */
export const FIELD_MESSAGES = {
  required: { uz: "To'ldirilishi shart", en: 'Required', ru: 'Обязательное поле' },
  invalid: { uz: "Noto'g'ri qiymat", en: 'Invalid value', ru: 'Неверное значение' },
  email: { uz: "Email manzili noto'g'ri", en: 'Invalid e-mail address', ru: 'Неверный e-mail' },
  password_short: {
    uz: "Parol kamida 8 ta belgidan iborat bo'lishi kerak",
    en: 'The password must be at least 8 characters',
    ru: 'Пароль должен быть не короче 8 символов',
  },
  password_long: {
    uz: 'Parol 128 ta belgidan oshmasligi kerak',
    en: 'The password must be at most 128 characters',
    ru: 'Пароль должен быть не длиннее 128 символов',
  },
  phone: {
    uz: "Telefon raqami +998 va 9 ta raqamdan iborat bo'lishi kerak",
    en: 'The phone number must be +998 followed by 9 digits',
    ru: 'Номер телефона: +998 и 9 цифр',
  },
  sms_code: {
    uz: "Kod 6 ta raqamdan iborat bo'lishi kerak",
    en: 'The code is 6 digits',
    ru: 'Код состоит из 6 цифр',
  },
  too_long: { uz: 'Juda uzun', en: 'Too long', ru: 'Слишком длинно' },
  number: { uz: "Son bo'lishi kerak", en: 'Must be a number', ru: 'Должно быть числом' },
  positive: { uz: "Noldan katta bo'lishi kerak", en: 'Must be greater than 0', ru: 'Должно быть больше 0' },
  non_negative: { uz: "Manfiy bo'lmasligi kerak", en: 'Must not be negative', ru: 'Не может быть отрицательным' },
  date: { uz: "Sana noto'g'ri (YYYY-MM-DD)", en: 'Invalid date (YYYY-MM-DD)', ru: 'Неверная дата (ГГГГ-ММ-ДД)' },
  one_of: {
    uz: "Ro'yxatdagi qiymatlardan biri bo'lishi kerak",
    en: 'Must be one of the listed values',
    ru: 'Должно быть одним из значений списка',
  },
  decimals: {
    uz: "Ko'pi bilan 2 ta kasr raqami",
    en: 'At most 2 decimal places',
    ru: 'Не более 2 знаков после запятой',
  },
  too_large: { uz: 'Juda katta', en: 'Too large', ru: 'Слишком большое значение' },
  boolean: {
    uz: "true yoki false (ha yoki yo'q) bo'lishi kerak",
    en: 'Must be true or false (yes or no)',
    ru: 'Должно быть true или false (да или нет)',
  },
  row_width: {
    uz: "Qatordagi kataklar soni sarlavhadagidan ko'p",
    en: 'The row has more cells than the header',
    ru: 'В строке больше ячеек, чем в заголовке',
  },
  unknown_field: { uz: "Noma'lum maydon", en: 'Unknown field', ru: 'Неизвестное поле' },
  integer: { uz: "Butun son bo'lishi kerak", en: 'Must be a whole number', ru: 'Должно быть целым числом' },
  year_range: {
    uz: "Yil 1950 dan kelgusi yilgacha bo'lishi kerak",
    en: 'The year must be between 1950 and next year',
    ru: 'Год должен быть от 1950 до следующего года',
  },
  json_list: {
    uz: "Ro'yxat JSON ko'rinishida bo'lishi kerak",
    en: 'Must be a list in JSON form',
    ru: 'Должен быть списком в формате JSON',
  },
  one_file: {
    uz: 'Bu maydonga faqat bitta fayl yuborish mumkin',
    en: 'Only one file may be sent in this field',
    ru: 'В этом поле можно отправить только один файл',
  },
  delivery_before_shipment: {
    uz: "Yetkazib berish sanasi jo'natish sanasidan oldin bo'lmasligi kerak",
    en: 'The delivery date must not be before the shipment date',
    ru: 'Дата доставки не может быть раньше даты отправки',
  },
  end_before_start: {
    uz: "Tender tugash sanasi boshlanish sanasidan oldin bo'lmasligi kerak",
    en: 'The tender end date must not be before its start date',
    ru: 'Дата окончания тендера не может быть раньше даты начала',
  },
  cursor_or_offset: {
    uz: 'cursor yoki offset dan faqat bittasini yuboring',
    en: 'Send either cursor or offset, not both',
    ru: 'Укажите либо cursor, либо offset, но не оба',
  },
  rating_score: {
    uz: "Baho 1 dan 5 gacha butun son bo'lishi kerak",
    en: 'The score must be a whole number from 1 to 5',
    ru: 'Оценка должна быть целым числом от 1 до 5',
  },
  stir: {
    uz: "STIR aniq 9 ta raqamdan iborat bo'lishi kerak",
    en: 'The STIR must be exactly 9 digits',
    ru: 'ИНН (СТИР) должен состоять ровно из 9 цифр',
  },
  instant: {
    uz: "Vaqt noto'g'ri (masalan 2026-11-30T18:00:00+05:00)",
    en: 'Invalid time (for example 2026-11-30T18:00:00+05:00)',
    ru: 'Неверное время (например 2026-11-30T18:00:00+05:00)',
  },
  past_instant: {
    uz: "Vaqt kelajakda bo'lishi kerak",
    en: 'The time must be in the future',
    ru: 'Время должно быть в будущем',
  },
  closes_off_end_date: {
    uz: "Yopilish vaqti tender tugash sanasiga (Toshkent vaqti) to'g'ri kelishi kerak",
    en: 'The closing time must fall on the tender end date (Tashkent time)',
    ru: 'Время закрытия должно приходиться на дату окончания тендера (по Ташкенту)',
  },
  step_not_below_price: {
    uz: "Minimal qadam boshlang'ich narxdan kichik bo'lishi kerak",
    en: 'The minimum step must be less than the initial price',
    ru: 'Минимальный шаг должен быть меньше начальной цены',
  },
  above_initial_price: {
    uz: "Boshlang'ich narxdan oshmasligi kerak",
    en: 'Must not be above the initial price',
    ru: 'Не может быть выше начальной цены',
  },
  soft_close_range: {
    uz: "0 dan 60 gacha butun daqiqa bo'lishi kerak",
    en: 'Must be a whole number of minutes from 0 to 60',
    ru: 'Целое число минут от 0 до 60',
  },
  confirm_within_range: {
    uz: "1 dan 1440 gacha butun daqiqa bo'lishi kerak",
    en: 'Must be a whole number of minutes from 1 to 1440',
    ru: 'Целое число минут от 1 до 1440',
  },
  clock_time: {
    uz: "Vaqt SS:DD ko'rinishida bo'lishi kerak (masalan 22:00)",
    en: 'The time must be HH:MM (for example 22:00)',
    ru: 'Время в формате ЧЧ:ММ (например 22:00)',
  },
  quiet_hours_empty: {
    uz: "Tinch soatlarning boshi va oxiri bir xil bo'lmasligi kerak",
    en: 'Quiet hours must not start and end at the same time',
    ru: 'Начало и конец тихих часов не должны совпадать',
  },
  push_service: {
    uz: 'Bu bildirishnoma xizmati qabul qilinmaydi',
    en: 'This push service is not accepted',
    ru: 'Этот сервис уведомлений не принимается',
  },
  from_after_to: {
    uz: "Oxiri boshidan oldin bo'lmasligi kerak",
    en: 'The end must not be before the start',
    ru: 'Конец не может быть раньше начала',
  },
  period_too_long: {
    uz: "Davr ko'pi bilan 5 yil (60 oy) bo'lishi mumkin",
    en: 'The period may be at most 5 years (60 months)',
    ru: 'Период не может быть длиннее 5 лет (60 месяцев)',
  },
  pinfl: {
    uz: "JShShIR aniq 14 ta raqamdan iborat bo'lishi kerak",
    en: 'The PINFL must be exactly 14 digits',
    ru: 'ПИНФЛ должен состоять ровно из 14 цифр',
  },
  ikpu: {
    uz: "MXIK (IKPU) kodi aniq 17 ta raqamdan iborat bo'lishi kerak",
    en: 'The IKPU code must be exactly 17 digits',
    ru: 'Код ИКПУ должен состоять ровно из 17 цифр',
  },
  stir_or_pinfl: {
    uz: "STIR (9 raqam) yoki JShShIR (14 raqam) bo'lishi kerak",
    en: 'Must be a STIR (9 digits) or a PINFL (14 digits)',
    ru: 'Должен быть ИНН (9 цифр) или ПИНФЛ (14 цифр)',
  },
  soato_region: {
    uz: "Ro'yxatdagi viloyatlardan biri bo'lishi kerak",
    en: 'Must be one of the listed regions',
    ru: 'Должна быть одна из областей списка',
  },
  soato_district: {
    uz: "Tanlangan viloyatning tumanlaridan biri bo'lishi kerak",
    en: 'Must be a district of the chosen region',
    ru: 'Должен быть район выбранной области',
  },
  net_above_gross: {
    uz: 'Sof vazn umumiy vazndan oshmasligi kerak',
    en: 'The net weight must not exceed the gross weight',
    ru: 'Вес нетто не может превышать вес брутто',
  },
} as const satisfies Record<string, Localized>;

export type FieldMessageKey = keyof typeof FIELD_MESSAGES;

export function fieldMessage(key: string, lang: Language): string {
  const entry = (FIELD_MESSAGES as Record<string, Localized>)[key];
  return entry ? entry[lang] : FIELD_MESSAGES.invalid[lang];
}
