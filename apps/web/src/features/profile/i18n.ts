import { defineTexts } from '../../i18n/types';

export default defineTexts({
  uz: {
    profile: {
      language: 'Til',
      languageHint: 'Interfeys tilini tanlang',
      phone: {
        provenHint: '{phone} tasdiqlangan: Mobile-ID orqali SMS kod bilan kirishingiz mumkin',
        unprovenHint: 'Raqamni SMS kod bilan tasdiqlang: keyin Mobile-ID orqali kirish mumkin bo‘ladi',
        prove: 'Kod yuborish',
        change: 'Raqamni almashtirish',
        confirm: 'Raqamni tasdiqlash',
        verified: 'Telefon raqami tasdiqlandi',
      },
    },
  },
  en: {
    profile: {
      language: 'Language',
      languageHint: 'Choose the language of the interface',
      phone: {
        provenHint: '{phone} is confirmed: you can log in with an SMS code on the Mobile-ID tab',
        unprovenHint: 'Confirm your number with an SMS code to log in with it on the Mobile-ID tab',
        prove: 'Send a code',
        change: 'Change the number',
        confirm: 'Confirm the number',
        verified: 'Your phone number is confirmed',
      },
    },
  },
  ru: {
    profile: {
      language: 'Язык',
      languageHint: 'Выберите язык интерфейса',
      phone: {
        provenHint: '{phone} подтверждён: можно входить по коду из SMS на вкладке Mobile-ID',
        unprovenHint: 'Подтвердите номер кодом из SMS, чтобы входить по нему на вкладке Mobile-ID',
        prove: 'Отправить код',
        change: 'Сменить номер',
        confirm: 'Подтвердить номер',
        verified: 'Номер телефона подтверждён',
      },
    },
  },
});
