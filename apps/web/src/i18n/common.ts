import { defineTexts } from './types';

/** Texts shared by every screen: loading, generic errors, buttons used everywhere. */
export default defineTexts({
  uz: {
    common: {
      appName: 'Yuk Tender',
      loading: 'Yuklanmoqda...',
      retry: 'Qayta urinish',
      cancel: 'Bekor qilish',
      close: 'Yopish',
      save: 'Saqlash',
      notAvailable: 'N/A',
      daysShort: '{n} kun',
      tashkentTime: '{time} (Toshkent vaqti)',
      minutes: '{n} daqiqa',
      pager: {
        label: 'Sahifalar',
        previous: 'Oldingi',
        next: 'Keyingi',
        range: '{from}–{to} / {total}',
      },
      toasts: 'Xabarlar',
      errors: {
        generic: "Xatolik yuz berdi. Birozdan keyin qayta urinib ko'ring",
        network: "Server bilan aloqa yo'q. Internet aloqasini tekshiring",
        page: "Sahifani ochib bo'lmadi",
        pageHint: "Sahifani yangilab ko'ring. Xato takrorlansa, birozdan keyin qayta urinib ko'ring.",
        reload: 'Sahifani yangilash',
      },
    },
  },
  en: {
    common: {
      appName: 'Yuk Tender',
      loading: 'Loading...',
      retry: 'Retry',
      cancel: 'Cancel',
      close: 'Close',
      save: 'Save',
      notAvailable: 'N/A',
      daysShort: '{n} d',
      tashkentTime: '{time} (Tashkent time)',
      minutes: '{n} min',
      pager: {
        label: 'Pages',
        previous: 'Previous',
        next: 'Next',
        range: '{from}–{to} of {total}',
      },
      toasts: 'Messages',
      errors: {
        generic: 'Something went wrong. Please try again shortly',
        network: 'Cannot reach the server. Check your internet connection',
        page: 'This page could not be opened',
        pageHint: 'Try reloading the page. If it happens again, try again a little later.',
        reload: 'Reload the page',
      },
    },
  },
  ru: {
    common: {
      appName: 'Yuk Tender',
      loading: 'Загрузка...',
      retry: 'Повторить',
      cancel: 'Отмена',
      close: 'Закрыть',
      save: 'Сохранить',
      notAvailable: 'Н/Д',
      daysShort: '{n} д',
      tashkentTime: '{time} (по Ташкенту)',
      minutes: '{n} мин',
      pager: {
        label: 'Страницы',
        previous: 'Назад',
        next: 'Вперёд',
        range: '{from}–{to} из {total}',
      },
      toasts: 'Сообщения',
      errors: {
        generic: 'Что-то пошло не так. Повторите немного позже',
        network: 'Нет связи с сервером. Проверьте подключение к интернету',
        page: 'Не удалось открыть страницу',
        pageHint: 'Обновите страницу. Если ошибка повторится, попробуйте немного позже.',
        reload: 'Обновить страницу',
      },
    },
  },
});
