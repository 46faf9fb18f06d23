import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  apiPaths,
  isLanguage,
  readTypedNumber,
  savedSearchInput,
  TENDER_MODES,
  type SavedSearch,
  type SavedSearchInput,
  type TenderMode,
} from '@yuk/shared';
import { toast } from '../lib/toast';
import i18n from '../i18n';
import { api, errorMessage, isApiError } from '../lib/api-client';
import { fieldErrorText } from '../lib/form-errors';
import { savedSearchKeys } from '../lib/query-keys';
import { Button } from './ui/button';
import { Modal } from './ui/modal';
import { TextField } from './ui/text-field';

/** What the form starts from: the list's current filters, or nothing. */
export interface SavedSearchDraft {
  name?: string;
  origin?: string;
  destination?: string;
  modes?: TenderMode[];
}

type FieldName = 'name' | 'origin' | 'destination' | 'modes' | 'max_weight' | 'min_price';

/** POST /api/saved-searches, then every list of saved searches is read again. */
export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedSearchInput) =>
      api.post<SavedSearch>(apiPaths.savedSearches.collection, input, {
        errorMessage: i18n.t('terms.savedSearch.failed'),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

/** Common places, offered as the user types (any other place may be typed too). */
const PLACE_SUGGESTIONS = [
  'Toshkent',
  'Samarqand',
  'Buxoro',
  "Farg'ona",
  'Andijon',
  'Namangan',
  'Nukus',
  'Qarshi',
  'Termiz',
  'Urganch',
  'Navoiy',
  'Jizzax',
  'Almaty',
  'Astana',
  'Shymkent',
  'Bishkek',
  'Osh',
  'Dushanbe',
  'Khujand',
  'Moskva',
];

/**
 * Saving a search: a lane (origin, destination; empty is any place), the modes, the heaviest load and
 * the lowest price the carrier wants. The server tells them of every tender that opens matching it.
 */
export function SaveSearchDialog({
  open,
  onClose,
  initial,
}: {
  open: boolean;
  onClose: () => void;
  initial: SavedSearchDraft;
}) {
  const { t, i18n: active } = useTranslation();
  const lang = isLanguage(active.language) ? active.language : 'uz';
  const formId = useId();
  const listId = useId();
  const create = useCreateSavedSearch();
  const [name, setName] = useState('');
  const [origin, setOrigin] = useState('');
  const [destination, setDestination] = useState('');
  const [modes, setModes] = useState<TenderMode[]>([]);
  const [maxWeight, setMaxWeight] = useState('');
  const [minPrice, setMinPrice] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});

  // each opening starts from the list's filters of that moment
  useEffect(() => {
    if (!open) return;
    setName(initial.name ?? '');
    setOrigin(initial.origin ?? '');
    setDestination(initial.destination ?? '');
    setModes(initial.modes ?? []);
    setMaxWeight('');
    setMinPrice('');
    setErrors({});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the draft is read when the dialog opens, not after
  }, [open]);

  const number = (text: string) => (text.trim() === '' ? null : (readTypedNumber(text) ?? text));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      name,
      origin,
      destination,
      modes,
      max_weight: number(maxWeight),
      min_price: number(minPrice),
    };
    const parsed = savedSearchInput.safeParse(input);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as FieldName;
        found[field] ??= fieldErrorText(issue.message, lang);
      }
      setErrors(found);
      return;
    }
    create.mutate(input as SavedSearchInput, {
      onSuccess: () => {
        toast.success(t('terms.savedSearch.saved'));
        onClose();
      },
      onError: (error) => {
        if (isApiError(error) && error.fields) setErrors(error.fields);
        else toast.error(errorMessage(error, t('terms.savedSearch.failed')));
      },
    });
  };

  const toggleMode = (mode: TenderMode) =>
    setModes((current) => (current.includes(mode) ? current.filter((m) => m !== mode) : [...current, mode]));

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('terms.savedSearch.title')}
      closeLabel={t('terms.cancel')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('terms.cancel')}
          </Button>
          <Button type="submit" form={formId} pending={create.isPending}>
            {create.isPending ? t('terms.savedSearch.saving') : t('common.save')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-slate-300">{t('terms.savedSearch.intro')}</p>
        <TextField
          label={t('terms.savedSearch.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          maxLength={80}
          required
        />
        <datalist id={listId}>
          {PLACE_SUGGESTIONS.map((place) => (
            <option key={place} value={place} />
          ))}
        </datalist>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('terms.origin')}
            value={origin}
            onChange={(event) => setOrigin(event.target.value)}
            error={errors.origin}
            list={listId}
            maxLength={100}
          />
          <TextField
            label={t('terms.destination')}
            value={destination}
            onChange={(event) => setDestination(event.target.value)}
            error={errors.destination}
            list={listId}
            maxLength={100}
          />
        </div>
        <p className="-mt-2 text-xs text-slate-400">{t('terms.savedSearch.anyPlace')}</p>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-200">{t('terms.savedSearch.modes')}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {TENDER_MODES.map((mode) => (
              <label key={mode} className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-100">
                <input
                  type="checkbox"
                  className="size-4 accent-sky-400"
                  checked={modes.includes(mode)}
                  onChange={() => toggleMode(mode)}
                />
                {t(`terms.modes.${mode}`)}
              </label>
            ))}
          </div>
          <p className="text-xs text-slate-400">{t('terms.savedSearch.anyMode')}</p>
          {errors.modes && (
            <p role="alert" className="text-sm text-red-300">
              {errors.modes}
            </p>
          )}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('terms.savedSearch.maxWeight')}
            inputMode="decimal"
            value={maxWeight}
            onChange={(event) => setMaxWeight(event.target.value)}
            error={errors.max_weight}
          />
          <TextField
            label={t('terms.savedSearch.minPrice')}
            inputMode="decimal"
            value={minPrice}
            onChange={(event) => setMinPrice(event.target.value)}
            error={errors.min_price}
          />
        </div>
      </form>
    </Modal>
  );
}
