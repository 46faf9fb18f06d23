import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_INPUT_ACCEPT, type VehicleDocument } from '@yuk/shared';
import { Button } from '../../../components/ui/button';
import { CloseIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';

/** A file's size in MB with two decimals: 1_572_864 bytes → "1.50". */
export function sizeInMb(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(2);
}

export interface DocumentUploadProps {
  kind: VehicleDocument;
  /** The name of the document the vehicle has now (edit mode), or null. */
  currentName: string | null;
  selected: File | undefined;
  error?: string;
  disabled?: boolean;
  onSelect: (file: File | undefined) => void;
}

/**
 * One document of the form: its name, the current file (edit mode), the chosen file with its size in MB,
 * and one button, whose text says whether it uploads a first file, replaces the current one or changes the
 * chosen one. The file input itself is labelled by the document's name.
 */
export function DocumentUpload({ kind, currentName, selected, error, disabled, onSelect }: DocumentUploadProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const label = t(`vehicles.documents.${kind}`);
  const action = selected
    ? t('vehicles.form.changeFile')
    : currentName
      ? t('vehicles.form.replace')
      : t('vehicles.form.upload');
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;

  return (
    <div
      className={cn(
        'flex flex-col gap-3 rounded-lg border border-dashed bg-navy-950/60 p-4',
        error ? 'border-red-400' : 'border-navy-600',
      )}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-100">
          {label}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          accept={FILE_INPUT_ACCEPT}
          tabIndex={-1}
          className="sr-only"
          disabled={disabled}
          aria-describedby={error ? `${errorId} ${statusId}` : statusId}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onSelect(file);
            event.target.value = ''; // choosing the same file again still counts as a choice
          }}
        />
        <div id={statusId} className="flex flex-col gap-0.5 text-sm">
          {currentName && (
            <span className={cn('wrap-break-word', selected ? 'text-slate-400 line-through' : 'text-slate-300')}>
              {t('vehicles.form.currentFile', { name: currentName })}
            </span>
          )}
          {selected ? (
            <span className="wrap-break-word text-emerald-200">
              {t('vehicles.form.selectedFile', { name: selected.name, size: sizeInMb(selected.size) })}
            </span>
          ) : (
            !currentName && <span className="text-slate-400">{t('vehicles.form.noFile')}</span>
          )}
        </div>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-300">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled}
          onClick={() => input.current?.click()}
          aria-describedby={statusId}
          aria-label={`${action} – ${label}`}
        >
          {action}
        </Button>
        {(selected || error) && (
          <Button
            variant="ghost"
            size="sm"
            disabled={disabled}
            onClick={() => onSelect(undefined)}
            aria-label={`${t('vehicles.form.clearFile')} – ${label}`}
          >
            <CloseIcon className="size-4" />
            {t('vehicles.form.clearFile')}
          </Button>
        )}
      </div>
      <p className="text-xs text-slate-400">{t('vehicles.form.fileHint')}</p>
    </div>
  );
}
