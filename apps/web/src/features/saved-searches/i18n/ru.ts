import { defineTranslatedTexts } from '../../../i18n/types';
import type uz from './uz';

/** The texts of ./uz in Russian. */
export default defineTranslatedTexts<typeof uz>({
  savedSearches: {
    subtitle: 'Ваши направления: вы узнаете о подходящем тендере, как только он откроется',
    newSearch: 'Новый поиск',
    deliverySettings: 'Куда присылать уведомления',
    loading: 'Загружаем поиски...',
    fetchFailed: 'Не удалось загрузить поиски',
    empty: 'Сохранённых поисков пока нет',
    emptyHint: 'Выберите фильтры в списке тендеров и нажмите «Сохранить этот поиск».',
    count: '{n} из {max}',
    anyPlace: 'Любое место',
    anyMode: 'Любой вид транспорта',
    upTo: 'до {kg} кг',
    from: 'от {usd}',
    deleteTitle: 'Удалить поиск',
    deleteText: 'Удалить «{name}»? Уведомления по этому направлению больше не придут.',
    deleting: 'Удаляем...',
    deleted: 'Поиск удалён',
    deleteFailed: 'Не удалось удалить поиск',
  },
});
