import { defineTexts } from '../../i18n/types';

/** My Orders (the user's own tenders) and the Create New Tender form. */
export default defineTexts({
  uz: {
    orders: {
      list: {
        title: 'My Orders',
        subtitle: "Siz e'lon qilgan tenderlar",
        create: 'Create Order',
        count: '{n} ta buyurtma topildi',
        loading: 'Buyurtmalar yuklanmoqda...',
        failed: 'Failed to fetch orders. Please try again later.',
        empty: 'Hech qanday buyurtma topilmadi',
        emptyHint: "Birinchi tenderingizni yarating: u shu yerda ko'rinadi.",
        caption: 'Buyurtmalarim',
        rowLabel: 'Buyurtma {number}: {name}',
        trackLabel: 'Track: {number}',
      },
      create: {
        title: 'Create New Tender',
        subtitle: "Yuk, yo'nalish, sanalar va boshlang'ich narxni kiriting. * belgili maydonlar majburiy.",
        sections: {
          cargo: 'Yuk',
          route: "Yo'nalish",
          dates: 'Sanalar',
          terms: 'Narx va shartlar',
        },
        fields: {
          cargoTypeHint: "Truck, Aviation, Maritime yoki Local so'zi tender qaysi bo'limda chiqishini belgilaydi",
          volume: 'Hajmi (m3)',
        },
        datePlaceholder: 'kk.oo.yyyy',
        optional: '(ixtiyoriy)',
        required: 'majburiy',
        submit: 'Tender yaratish',
        pending: 'Yaratilmoqda...',
        success: 'Tender created successfully!',
        failed: 'Failed to create tender',
      },
    },
  },
  en: {
    orders: {
      list: {
        title: 'My Orders',
        subtitle: 'The tenders you have posted',
        create: 'Create Order',
        count: '{n} orders found',
        loading: 'Loading orders...',
        failed: 'Failed to fetch orders. Please try again later.',
        empty: 'No orders found',
        emptyHint: 'Create your first tender: it will appear here.',
        caption: 'My orders',
        rowLabel: 'Order {number}: {name}',
        trackLabel: 'Track: {number}',
      },
      create: {
        title: 'Create New Tender',
        subtitle: 'Enter the cargo, route, dates and starting price. Fields marked * are required.',
        sections: {
          cargo: 'Cargo',
          route: 'Route',
          dates: 'Dates',
          terms: 'Price and terms',
        },
        fields: {
          cargoTypeHint: 'The word Truck, Aviation, Maritime or Local decides which section lists the tender',
          volume: 'Volume (m3)',
        },
        datePlaceholder: 'dd.mm.yyyy',
        optional: '(optional)',
        required: 'required',
        submit: 'Create tender',
        pending: 'Creating...',
        success: 'Tender created successfully!',
        failed: 'Failed to create tender',
      },
    },
  },
  ru: {
    orders: {
      list: {
        title: 'Мои заказы',
        subtitle: 'Тендеры, которые вы опубликовали',
        create: 'Создать заказ',
        count: 'Найдено заказов: {n}',
        loading: 'Загрузка заказов...',
        failed: 'Не удалось загрузить заказы. Повторите попытку позже.',
        empty: 'Заказы не найдены',
        emptyHint: 'Создайте первый тендер: он появится здесь.',
        caption: 'Мои заказы',
        rowLabel: 'Заказ {number}: {name}',
        trackLabel: 'Отследить: {number}',
      },
      create: {
        title: 'Новый тендер',
        subtitle: 'Укажите груз, маршрут, даты и начальную цену. Поля со * обязательны.',
        sections: {
          cargo: 'Груз',
          route: 'Маршрут',
          dates: 'Даты',
          terms: 'Цена и условия',
        },
        fields: {
          cargoTypeHint: 'Слово Truck, Aviation, Maritime или Local определяет раздел, в котором виден тендер',
          volume: 'Объём (м3)',
        },
        datePlaceholder: 'дд.мм.гггг',
        optional: '(необязательно)',
        required: 'обязательно',
        submit: 'Создать тендер',
        pending: 'Создание...',
        success: 'Тендер успешно создан!',
        failed: 'Не удалось создать тендер',
      },
    },
  },
});
