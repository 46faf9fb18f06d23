import { defineTexts } from '../../i18n/types';

/** The static sample shipment page. */
export default defineTexts({
  uz: {
    sampleSuccess: {
      title: 'Yuk tafsilotlari',
      sampleNote: "Namuna sahifa: yetkazib berilgan yuk qanday ko'rinishini ko'rsatadi.",
      badge: 'Success',
      cargo: "Yuk ma'lumotlari",
      number: 'Yuk raqami',
      transporter: 'Tashuvchi',
      transporterName: 'Ismi',
      transporterPhone: 'Telefon',
      cargoType: 'Avtomobil (Truck)',
    },
  },
  en: {
    sampleSuccess: {
      title: 'Shipment details',
      sampleNote: 'A sample page: how a delivered shipment looks.',
      badge: 'Success',
      cargo: 'Cargo',
      number: 'Cargo number',
      transporter: 'Transporter',
      transporterName: 'Name',
      transporterPhone: 'Phone',
      cargoType: 'Truck',
    },
  },
  ru: {
    sampleSuccess: {
      title: 'Сведения о грузе',
      sampleNote: 'Образец страницы: так выглядит доставленный груз.',
      badge: 'Успешно',
      cargo: 'Груз',
      number: 'Номер груза',
      transporter: 'Перевозчик',
      transporterName: 'Имя',
      transporterPhone: 'Телефон',
      cargoType: 'Автомобильный (Truck)',
    },
  },
});
