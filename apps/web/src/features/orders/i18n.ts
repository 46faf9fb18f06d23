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
      rules: {
        title: 'Auktsion qoidalari',
        intro:
          "Hech narsa o'zgartirmasangiz: savdo tugash sanasida 23:59 da (Toshkent vaqti) yopiladi, har qanday pastroq taklif qabul qilinadi (qadam 0.01 USD), yumshoq yopilish, darhol olish va zaxira narx yo'q, g'olibni o'zingiz tanlaysiz, g'olib 120 daqiqa ichida tasdiqlaydi.",
        closesAt: 'Savdo yopilish vaqti',
        closesAtHint: "Tugash sanasida, Toshkent vaqti. Bo'sh: 23:59",
        softClose: 'Yumshoq yopilish (daqiqa)',
        softCloseHint:
          "Oxirgi N daqiqadagi taklif savdoni yana N daqiqaga uzaytiradi: so'nggi soniyadagi taklif o'tmaydi. 0: o'chiq, ko'pi bilan {max}",
        minStep: 'Minimal qadam (USD)',
        minStepHint: "Har bir taklif joriy eng past narxdan kamida shuncha past bo'lishi kerak. Bo'sh: 0.01",
        confirmWithin: 'Tasdiqlash muddati (daqiqa)',
        confirmWithinHint: "G'olib shu vaqt ichida tasdiqlamasa, tanlov keyingi taklifga o'tadi. Bo'sh: {n}",
        buyNowHint: "Tashuvchi tenderni shu narxda darhol olishi mumkin. Boshlang'ich narxdan oshmasin. Bo'sh: yo'q",
        reserveHint: "Siz rozi bo'ladigan eng yuqori narx; uni faqat siz ko'rasiz. Bo'sh: yo'q",
        verifiedOnlyHint: 'Faqat moderator tasdiqlagan kompaniyalar taklif bera oladi',
        autoAwardHint:
          "Yopilishda zaxira narxdan oshmagan eng past amaldagi taklif avtomatik tanlanadi. Aks holda g'olibni o'zingiz tanlaysiz",
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
      rules: {
        title: 'Auction rules',
        intro:
          'If you change nothing: bidding closes at 23:59 Tashkent time on the end date, any lower bid counts (step 0.01 USD), there is no soft close, buy-now or reserve, you choose the winner yourself, and the winner has 120 minutes to confirm.',
        closesAt: 'Bidding closes at',
        closesAtHint: 'On the end date, Tashkent time. Empty: 23:59',
        softClose: 'Soft close (minutes)',
        softCloseHint:
          'A bid in the last N minutes extends bidding by N minutes, so last-second bids cannot snipe. 0: off, at most {max}',
        minStep: 'Minimum step (USD)',
        minStepHint: 'Each bid must be at least this much below the current lowest price. Empty: 0.01',
        confirmWithin: 'Time to confirm (minutes)',
        confirmWithinHint: 'If the winner does not confirm in time, the award passes to the next bid. Empty: {n}',
        buyNowHint: 'A carrier may take the tender at once for this price. Not above the initial price. Empty: none',
        reserveHint: 'The highest price you will accept; only you see it. Empty: none',
        verifiedOnlyHint: 'Only companies a moderator has verified may bid',
        autoAwardHint:
          'At the close, the lowest valid bid at or under the reserve is chosen automatically. Otherwise you choose the winner',
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
      rules: {
        title: 'Правила аукциона',
        intro:
          'Если ничего не менять: торги закрываются в 23:59 по Ташкенту в дату окончания, засчитывается любое более низкое предложение (шаг 0.01 USD), мягкого закрытия, цены «купить сейчас» и резерва нет, победителя вы выбираете сами, а у победителя 120 минут на подтверждение.',
        closesAt: 'Время закрытия торгов',
        closesAtHint: 'В дату окончания, по Ташкенту. Пусто: 23:59',
        softClose: 'Мягкое закрытие (минуты)',
        softCloseHint:
          'Предложение в последние N минут продлевает торги на N минут: ставка в последнюю секунду не пройдёт. 0: выключено, не более {max}',
        minStep: 'Минимальный шаг (USD)',
        minStepHint: 'Каждое предложение должно быть ниже текущей минимальной цены хотя бы на столько. Пусто: 0.01',
        confirmWithin: 'Срок подтверждения (минуты)',
        confirmWithinHint: 'Если победитель не подтвердит вовремя, выбор перейдёт к следующему предложению. Пусто: {n}',
        buyNowHint: 'Перевозчик может сразу забрать тендер по этой цене. Не выше начальной цены. Пусто: нет',
        reserveHint: 'Самая высокая цена, на которую вы согласны; видите её только вы. Пусто: нет',
        verifiedOnlyHint: 'Предложения могут делать только компании, проверенные модератором',
        autoAwardHint:
          'При закрытии автоматически выбирается самое низкое действующее предложение не выше резерва. Иначе победителя выбираете вы',
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
