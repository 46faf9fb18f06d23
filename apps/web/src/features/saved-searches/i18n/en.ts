import { defineTranslatedTexts } from '../../../i18n/types';
import type uz from './uz';

/** The texts of ./uz in English. */
export default defineTranslatedTexts<typeof uz>({
  savedSearches: {
    subtitle: 'Your lanes: you are told as soon as a matching tender opens',
    newSearch: 'New search',
    deliverySettings: 'Where I am told',
    loading: 'Loading your searches...',
    fetchFailed: 'Your searches could not be loaded',
    empty: 'No saved searches yet',
    emptyHint: 'Choose filters on the tender list and press “Save this search”.',
    count: '{n} of {max}',
    anyPlace: 'Any place',
    anyMode: 'Every mode',
    upTo: 'up to {kg} kg',
    from: 'from {usd}',
    deleteTitle: 'Delete the search',
    deleteText: 'Delete “{name}”? You will no longer be told of tenders on this lane.',
    deleting: 'Deleting...',
    deleted: 'The search was deleted',
    deleteFailed: 'The search could not be deleted',
  },
});
