import { defineTranslatedTexts } from '../../../i18n/types';
import type uz from './uz';

/** The texts of ./uz in Russian. */
export default defineTranslatedTexts<typeof uz>({
  companies: {
    kinds: { shipper: 'Грузовладелец', carrier: 'Транспортная компания', both: 'Грузовладелец и перевозчик' },
    status: { unverified: 'Не проверена', pending: 'На проверке', verified: 'Проверена', rejected: 'Не одобрена' },
    suspended: 'Приостановлена',
    fields: {
      name: 'Название компании',
      stir: 'ИНН (СТИР)',
      stirHint: '9 цифр',
      kind: 'Вид деятельности',
      legalAddress: 'Юридический адрес',
      director: 'Руководитель',
      phone: 'Телефон компании',
    },
    documents: {
      licence: 'Лицензия',
      registration_certificate: 'Свидетельство о регистрации',
      hint: 'PDF, JPEG, PNG или WebP, не более 10 МБ. Новый файл заменяет текущий',
      current: 'Открыть текущий документ',
    },
    mine: {
      subtitle: 'Данные и документы компании: проверенной компании доверяют больше',
      status: 'Статус:',
      statusHint: {
        unverified: 'Заполните данные и оба документа, затем отправьте на проверку',
        pending: 'Модератор проверяет документы',
        verified: 'Компания проверена: смена названия, ИНН или документа отправит её на повторную проверку',
        rejected: 'Прочитайте причину, исправьте данные и отправьте снова',
      },
      reason: 'Причина: {reason}',
      send: 'Отправить на проверку',
      sent: 'Компания отправлена на проверку',
      sendFailed: 'Не удалось отправить компанию на проверку',
      saved: 'Данные компании сохранены',
      backToReview: 'Сохранено. Проверенные данные изменились: компания снова на проверке, пока модератор не решит',
      saveFailed: 'Не удалось сохранить данные компании',
      loadFailed: 'Не удалось загрузить данные компании',
    },
    profile: {
      title: 'Компания',
      memberSince: 'С нами с {date}',
      deals: 'Завершённые сделки',
      rating: 'Рейтинг',
      ratingValue: '{avg} / 5 ({n})',
      noShows: 'Выборы без ответа',
      onTime: 'Доставлено вовремя',
      paidOnTime: 'Оплачено вовремя',
      none: 'Пока нет данных',
      reviews: 'Последние отзывы',
      noReviews: 'Отзывов пока нет',
      loadFailed: 'Не удалось загрузить компанию',
    },
  },
});
