import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { CloseIcon } from './icons';

/** A file's size in MB with two decimals: 1_572_864 bytes → "1.50". */
function sizeInMb(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(2);
}

/** The button's text when the field holds a file already, when one is chosen, and when neither. */
export interface FileFieldActions {
  replace: string;
  change: string;
  choose: string;
}

export interface FileFieldProps {
  label: string;
  accept: string;
  selected: File | undefined;
  /** What the field holds already (a file's name, a link to it): struck through once another is chosen. */
  current?: ReactNode;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
  actions?: FileFieldActions;
  onSelect: (file: File | undefined) => void;
}

/**
 * A file to send with a form, in the interface's language: the browser's own file input writes "Choose File
 * No file chosen" in the browser's language, whatever the page's. The input stays, hidden and labelled by
 * the field's name (what assistive technology and tests find); one button opens it, and a line says what is
 * held, what is chosen (with its size) or that nothing is.
 */
export function FileField({
  label,
  accept,
  selected,
  current,
  hint,
  error,
  disabled,
  actions,
  onSelect,
}: FileFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const texts = actions ?? {
    replace: t('terms.file.replace'),
    change: t('terms.file.change'),
    choose: t('terms.file.choose'),
  };
  const action = selected ? texts.change : current ? texts.replace : texts.choose;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [error && errorId, statusId, hint && hintId].filter(Boolean).join(' ');

  return (
    <div
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-lg border border-dashed bg-navy-950/60 p-4',
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
          accept={accept}
          tabIndex={-1}
          className="sr-only"
          disabled={disabled}
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onSelect(file);
            event.target.value = ''; // choosing the same file again still counts as a choice
          }}
        />
        <div id={statusId} className="flex flex-col gap-0.5 text-sm">
          {current && (
            <span className={cn('wrap-break-word', selected ? 'text-slate-400 line-through' : 'text-slate-300')}>
              {current}
            </span>
          )}
          {selected ? (
            <span className="wrap-break-word text-emerald-200">
              {t('terms.file.selected', { name: selected.name, size: sizeInMb(selected.size) })}
            </span>
          ) : (
            !current && <span className="text-slate-400">{t('terms.file.none')}</span>
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
            aria-label={`${t('terms.file.clear')} – ${label}`}
          >
            <CloseIcon className="size-4" />
            {t('terms.file.clear')}
          </Button>
        )}
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}
