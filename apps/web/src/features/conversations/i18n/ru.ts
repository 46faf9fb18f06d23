import { defineTranslatedTexts } from '../../../i18n/types';
import type uz from './uz';

/** The texts of ./uz in Russian. */
export default defineTranslatedTexts<typeof uz>({
  conversations: {
    title: 'Переписка',
    hint: 'Договоритесь о погрузке, водителе и документах здесь: всё останется в истории груза.',
    loading: 'Загрузка сообщений...',
    loadFailed: 'Не удалось загрузить сообщения',
    empty: 'Сообщений пока нет. Напишите первым.',
    earlier: 'Ранние сообщения',
    messageLabel: 'Ваше сообщение',
    placeholder: 'Напишите сообщение...',
    send: 'Отправить',
    sending: 'Сообщение отправляется...',
    sendFailed: 'Не удалось отправить сообщение',
    attach: 'Фото или PDF',
    removeFile: 'Убрать файл',
    owner: 'Владелец груза',
    carrier: 'Перевозчик',
    read: 'Прочитано',
    sent: 'Отправлено',
    unread: 'Непрочитанных: {count}',
    offline: 'Нет связи: сообщения можно только читать',
    openFile: 'Открыть файл: {name}',
    system: {
      loaded: 'Груз загружен',
      on_the_way: 'Груз в пути',
      delivered: 'Доставлен',
      waybill_signed: 'Электронная накладная подписана',
    },
  },
});
