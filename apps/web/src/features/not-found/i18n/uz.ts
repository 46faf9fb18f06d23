import { defineReferenceTexts } from '../../../i18n/types';

export default defineReferenceTexts({
  notFound: {
    title: '404 – Sahifa topilmadi',
    hint: "Bunday sahifa yo'q yoki u ko'chirilgan.",
    back: "Tenderlarga o'tish",
  },
});
