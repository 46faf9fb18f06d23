import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CSV_MEDIA_TYPE } from '@yuk/shared';
import { toast } from '../lib/toast';
import { ApiError, api, errorMessage } from '../lib/api-client';
import { cn } from '../lib/cn';
import { Button } from './ui/button';

type QueryValue = string | number | boolean | null | undefined;

/** The file name a content-disposition header gives (filename* first, then filename), else null. */
export function attachmentFileName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // a broken encoding: the plain filename below, or the caller's own name
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  // only the last path segment: a name is never a place to write to
  const base = name.split(/[\\/]/).pop() ?? '';
  return base || null;
}

/** Hands a blob to the browser as a download under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // the browser has taken the bytes well before then; the object URL is let go
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * GET `path` with the list's filters and format=csv through the authenticated client (bearer token,
 * Accept-Language for the header row, session renewal), saved under the server's file name.
 */
export async function downloadCsv(
  path: string,
  query: Record<string, QueryValue>,
  fallbackName: string,
  failedText: string,
): Promise<string> {
  let disposition: string | null = null;
  let type = '';
  const blob = await api.get<Blob>(path, {
    query: { ...query, format: 'csv' },
    readAs: 'blob',
    headers: { Accept: `${CSV_MEDIA_TYPE}, application/json` },
    errorMessage: failedText,
    onResponse: (response) => {
      disposition = response.headers.get('content-disposition');
      type = response.headers.get('content-type') ?? '';
    },
  });
  // a server that does not know format=csv answers its JSON page: that is no file to save
  if (!type.includes(CSV_MEDIA_TYPE)) throw new ApiError(failedText, 200, undefined, undefined);
  const fileName = attachmentFileName(disposition) ?? fallbackName;
  saveBlob(blob, fileName);
  return fileName;
}

export interface CsvDownloadButtonProps {
  /** The list's API path (the JSON call the screen makes). */
  path: string;
  /** The screen's current filters as that call's query parameters; empty values are left out. */
  query?: Record<string, QueryValue>;
  /** What the button says: it names the list the file holds. */
  label: string;
  /** The file name when the answer names none, e.g. "my-orders.csv". */
  fallbackName: string;
  /** The toast when the server gives no text of its own. */
  failedText?: string;
  className?: string;
}

/** A button that downloads a list as CSV: busy while the file comes, an error toast when it does not. */
export function CsvDownloadButton({
  path,
  query = {},
  label,
  fallbackName,
  failedText,
  className,
}: CsvDownloadButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const failed = failedText ?? t('common.errors.generic');

  const download = async () => {
    setBusy(true);
    try {
      await downloadCsv(path, query, fallbackName, failed);
    } catch (error) {
      toast.error(errorMessage(error, failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="secondary"
      pending={busy}
      onClick={() => void download()}
      aria-label={label}
      className={cn('max-w-full min-w-0', className)}
    >
      {!busy && <DownloadIcon />}
      {/* a phone's toolbar has room for the format's name only; the full label stays the button's name */}
      <span aria-hidden="true" className="sm:hidden">
        CSV
      </span>
      <span className="truncate max-sm:hidden">{label}</span>
    </Button>
  );
}

function DownloadIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="size-4 shrink-0"
    >
      <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19.5h14" />
    </svg>
  );
}
