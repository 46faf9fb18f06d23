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
      smsCode: {
        label: 'SMS kodi',
        hint: '{phone} raqamiga yuborilgan 6 xonali kod',
        resend: 'Kodni qayta yuborish',
        resendIn: 'Qayta yuborish {seconds} soniyadan keyin',
        changeNumber: 'Raqamni o‘zgartirish',
      },
      offline: {
        banner: 'Internet yo‘q: oxirgi ko‘rilgan ma’lumotlar ko‘rsatilmoqda, o‘zgartirib bo‘lmaydi',
        action: 'Internet yo‘q: bu amalni keyinroq bajaring',
      },
      update: {
        ready: 'Ilovaning yangi versiyasi tayyor',
        reload: 'Yangilash',
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
      smsCode: {
        label: 'SMS code',
        hint: 'The 6-digit code sent to {phone}',
        resend: 'Send the code again',
        resendIn: 'Send again in {seconds} s',
        changeNumber: 'Change the number',
      },
      offline: {
        banner: 'You are offline: showing what you saw last, read-only',
        action: 'You are offline: do this once you are back online',
      },
      update: {
        ready: 'A new version of the app is ready',
        reload: 'Reload to update',
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
      smsCode: {
        label: 'Код из SMS',
        hint: '6-значный код, отправленный на {phone}',
        resend: 'Отправить код ещё раз',
        resendIn: 'Повторная отправка через {seconds} с',
        changeNumber: 'Изменить номер',
      },
      offline: {
        banner: 'Нет сети: показано последнее увиденное, только для чтения',
        action: 'Нет сети: выполните это действие, когда связь вернётся',
      },
      update: {
        ready: 'Готова новая версия приложения',
        reload: 'Обновить',
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
