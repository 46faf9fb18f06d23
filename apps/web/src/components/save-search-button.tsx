import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedSearchDraft } from './save-search-dialog';
import { BookmarkIcon } from './ui/icons';
import { Button } from './ui/button';

export type { SavedSearchDraft } from './save-search-dialog';

// the dialog (its form, fields and schema) is fetched when first wanted, not with the list that shows the button
const loadDialog = () => import('./save-search-dialog');
const SaveSearchDialog = lazy(() => loadDialog().then((module) => ({ default: module.SaveSearchDialog })));

/** The button that opens the saved-search dialog, with the list's filters as the draft. */
export function SaveSearchButton({ draft }: { draft: () => SavedSearchDraft }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [initial, setInitial] = useState<SavedSearchDraft>({});
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        // a pointer on its way or the keyboard's focus: the dialog is usually there before the click
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setInitial(draft());
          setWanted(true);
          setOpen(true);
        }}
      >
        <BookmarkIcon className="size-4" />
        {t('terms.saveSearch')}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <SaveSearchDialog open={open} onClose={() => setOpen(false)} initial={initial} />
        </Suspense>
      )}
    </>
  );
}
