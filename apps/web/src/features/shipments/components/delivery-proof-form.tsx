import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DELIVERY_PHOTO_TYPES,
  DELIVERY_PROOF_MAX_PHOTOS,
  deliveryProofInput,
  type DeliveryProofInput,
} from '@yuk/shared';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { CloseIcon } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/text-field';
import { useLanguage } from '../../../i18n';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { applyServerFieldErrors, fieldErrorText } from '../../../lib/form-errors';
import { useRecordDeliveryProof } from '../api/delivery-proof';
import { preparePhoto } from '../prepare-photo';
import { SignaturePad, type SignaturePadHandle } from './signature-pad';

/** The position of the handover as the phone gave it, or why there is none. */
export type PositionState =
  | { state: 'idle' }
  | { state: 'locating' }
  | { state: 'found'; lat: number; lon: number; accuracy: number; at: string }
  | { state: 'unavailable'; denied: boolean };

/** Asks the browser for the phone's position once (it shows its own permission prompt the first time). */
export function locate(): Promise<PositionState> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
    return Promise.resolve({ state: 'unavailable', denied: false });
  }
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          state: 'found',
          lat: position.coords.latitude,
          lon: position.coords.longitude,
          accuracy: position.coords.accuracy,
          at: new Date(position.timestamp).toISOString(),
        }),
      (failure) => resolve({ state: 'unavailable', denied: failure.code === failure.PERMISSION_DENIED }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}

interface ChosenPhoto {
  key: number;
  file: File;
  preview: string;
}

/**
 * The carrier's proof of delivery at the receiver's door: photos of the cargo (the camera on a phone, or
 * chosen ones), the receiver's name and signature drawn on the screen, and the position (explained first,
 * asked once; without it the proof still goes). One proof per shipment: it cannot be changed once sent.
 */
export function DeliveryProofForm({ number }: { number: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const record = useRecordDeliveryProof(number);
  const pad = useRef<SignaturePadHandle>(null);
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const id = useId();
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const photoKeys = useRef(0);
  const [preparing, setPreparing] = useState(false);
  const [signed, setSigned] = useState(false);
  const [position, setPosition] = useState<PositionState>({ state: 'idle' });
  const [fileErrors, setFileErrors] = useState<{ photos?: string; signature?: string }>({});
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DeliveryProofInput>({ resolver: zodResolver(deliveryProofInput), defaultValues: { receiver_name: '' } });

  // the previews' object URLs are let go with the form
  const previews = useRef<string[]>([]);
  previews.current = photos.map((photo) => photo.preview);
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const addPhotos = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length === 0) return;
    const room = DELIVERY_PROOF_MAX_PHOTOS - photos.length;
    if (files.length > room) toast.error(t('errors.DELIVERY_PHOTOS_COUNT'));
    setPreparing(true);
    const ready = await Promise.all(files.slice(0, Math.max(0, room)).map(preparePhoto));
    setPreparing(false);
    setPhotos((current) =>
      [
        ...current,
        ...ready.map((file) => ({ key: (photoKeys.current += 1), file, preview: URL.createObjectURL(file) })),
      ].slice(0, DELIVERY_PROOF_MAX_PHOTOS),
    );
    setFileErrors((current) => ({ ...current, photos: undefined }));
  };

  const removePhoto = (index: number) =>
    setPhotos((current) => {
      const gone = current[index];
      if (gone) URL.revokeObjectURL(gone.preview);
      return current.filter((_, i) => i !== index);
    });

  const askPosition = async (): Promise<PositionState> => {
    setPosition({ state: 'locating' });
    const found = await locate();
    setPosition(found);
    return found;
  };

  /** The photos and the signature, checked beside the fields: their errors show with the fields' own. */
  const checkFiles = async () => {
    const missing: { photos?: string; signature?: string } = {};
    if (photos.length === 0) missing.photos = t('errors.DELIVERY_PHOTOS_COUNT');
    const signature = await pad.current?.toPng();
    if (!signature) missing.signature = t('shipments.proof.signatureMissing');
    setFileErrors(missing);
    return missing.photos ? null : (signature ?? null);
  };

  const onValid = async (values: DeliveryProofInput) => {
    const signature = await checkFiles();
    if (!signature) {
      toast.error(t('errors.VALIDATION_FAILED'));
      return;
    }
    // the position is asked now if the carrier did not ask for it before (the text above says why)
    const where = position.state === 'idle' ? await askPosition() : position;
    const form = new FormData();
    form.append('receiver_name', values.receiver_name);
    if (where.state === 'found') {
      form.append('lat', String(where.lat));
      form.append('lon', String(where.lon));
      form.append('accuracy_m', String(Math.round(where.accuracy)));
      form.append('position_at', where.at);
    }
    for (const photo of photos) form.append('photos', photo.file, photo.file.name);
    form.append('signature', signature, 'signature.png');
    try {
      await record.mutateAsync(form);
      toast.success(t('shipments.proof.sent'));
    } catch (failure) {
      applyServerFieldErrors(failure, setError, ['receiver_name']);
      if (isApiError(failure) && failure.fields) {
        setFileErrors({ photos: failure.fields.photos, signature: failure.fields.signature });
      }
      toast.error(errorMessage(failure, t('shipments.proof.failed')));
    }
  };

  const busy = record.isPending || preparing;
  const photosId = `${id}-photos`;
  const positionId = `${id}-position`;
  return (
    <form
      noValidate
      aria-label={t('shipments.proof.formTitle')}
      onSubmit={handleSubmit(onValid, () => {
        void checkFiles();
        toast.error(t('errors.VALIDATION_FAILED'));
      })}
      className="flex flex-col gap-5"
    >
      <p className="text-sm text-slate-300">{t('shipments.proof.intro')}</p>

      <fieldset className="flex flex-col gap-3" aria-describedby={`${photosId}-hint`}>
        <legend className="mb-1 text-sm font-medium text-slate-200">
          {t('shipments.proof.photos', { n: photos.length, max: DELIVERY_PROOF_MAX_PHOTOS })}
        </legend>
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          tabIndex={-1}
          className="sr-only"
          aria-label={t('shipments.proof.takePhoto')}
          onChange={(event) => {
            void addPhotos(event.target.files);
            event.target.value = '';
          }}
        />
        <input
          ref={gallery}
          type="file"
          accept={DELIVERY_PHOTO_TYPES.join(',')}
          multiple
          tabIndex={-1}
          className="sr-only"
          aria-label={t('shipments.proof.choosePhotos')}
          onChange={(event) => {
            void addPhotos(event.target.files);
            event.target.value = '';
          }}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() => camera.current?.click()}
            disabled={busy || photos.length >= DELIVERY_PROOF_MAX_PHOTOS}
          >
            {t('shipments.proof.takePhoto')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => gallery.current?.click()}
            disabled={busy || photos.length >= DELIVERY_PROOF_MAX_PHOTOS}
          >
            {t('shipments.proof.choosePhotos')}
          </Button>
        </div>
        {photos.length > 0 && (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
            {photos.map((photo, index) => (
              <li key={photo.key} className="relative">
                <img
                  src={photo.preview}
                  alt={t('shipments.proof.photoAlt', { n: index + 1 })}
                  className="aspect-square w-full rounded-lg border border-navy-600 object-cover"
                />
                <button
                  type="button"
                  onClick={() => removePhoto(index)}
                  disabled={busy}
                  aria-label={t('shipments.proof.removePhoto', { n: index + 1 })}
                  className="absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-full bg-navy-950/80 text-white hover:bg-navy-800 sm:size-8"
                >
                  <CloseIcon className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {fileErrors.photos ? (
          <p id={`${photosId}-hint`} className="text-sm text-red-300">
            {fileErrors.photos}
          </p>
        ) : (
          <p id={`${photosId}-hint`} className="text-xs text-slate-400">
            {preparing ? t('shipments.proof.preparing') : t('shipments.proof.photosHint')}
          </p>
        )}
      </fieldset>

      <TextField
        label={t('shipments.proof.receiverName')}
        autoComplete="off"
        error={fieldErrorText(errors.receiver_name?.message, language)}
        disabled={record.isPending}
        {...register('receiver_name')}
      />

      <SignaturePad
        ref={pad}
        label={t('shipments.proof.signature')}
        hint={signed ? t('shipments.proof.signatureDone') : t('shipments.proof.signatureHint')}
        clearLabel={t('shipments.proof.clearSignature')}
        error={fileErrors.signature}
        disabled={record.isPending}
        onInkChange={(ink) => {
          setSigned(ink);
          if (ink) setFileErrors((current) => ({ ...current, signature: undefined }));
        }}
      />

      <div className="flex flex-col gap-2 rounded-lg border border-navy-700 bg-navy-950/60 p-4" id={positionId}>
        <span className="text-sm font-medium text-slate-200">{t('shipments.proof.position')}</span>
        <p className="text-sm text-slate-300">{t('shipments.proof.positionWhy')}</p>
        <p className="text-sm" aria-live="polite">
          {position.state === 'found' && (
            <span className="text-emerald-200">
              {t('shipments.proof.positionFound', {
                lat: position.lat.toFixed(5),
                lon: position.lon.toFixed(5),
                accuracy: Math.round(position.accuracy),
              })}
            </span>
          )}
          {position.state === 'locating' && <span className="text-slate-300">{t('shipments.proof.locating')}</span>}
          {position.state === 'unavailable' && (
            <span className="text-amber-200">
              {position.denied ? t('shipments.proof.positionDenied') : t('shipments.proof.positionUnavailable')}
            </span>
          )}
        </p>
        {position.state !== 'found' && (
          <div>
            <Button
              variant="secondary"
              onClick={() => void askPosition()}
              pending={position.state === 'locating'}
              disabled={record.isPending}
            >
              {position.state === 'unavailable'
                ? t('shipments.proof.retryPosition')
                : t('shipments.proof.sharePosition')}
            </Button>
          </div>
        )}
      </div>

      <div className="flex flex-col gap-2">
        <p className="text-xs text-slate-400">{t('shipments.proof.final')}</p>
        <div>
          <Button type="submit" size="lg" pending={record.isPending} disabled={preparing}>
            {record.isPending ? t('shipments.proof.sending') : t('shipments.proof.send')}
          </Button>
        </div>
      </div>
    </form>
  );
}
