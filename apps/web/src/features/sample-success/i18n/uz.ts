import { defineReferenceTexts } from '../../../i18n/types';

/** The static sample shipment page. */
export default defineReferenceTexts({
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
});
