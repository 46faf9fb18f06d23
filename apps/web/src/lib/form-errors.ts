import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { FIELD_MESSAGES, fieldMessage, type Language } from '@yuk/shared';
import { isApiError } from './api-client';

/**
 * A field's error text. Client-side zod errors carry a FIELD_MESSAGES key ('required', 'email', …), shown in
 * the current language; texts from the server are already localized and shown as they are.
 */
export function fieldErrorText(message: string | undefined, lang: Language): string | undefined {
  if (!message) return undefined;
  return message in FIELD_MESSAGES ? fieldMessage(message, lang) : message;
}

/** Puts the server's field texts (a 400's `fields`) beside the form's fields; true when any was placed. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): boolean {
  if (!isApiError(error) || !error.fields) return false;
  let placed = false;
  for (const name of fieldNames) {
    const text = error.fields[name];
    if (text) {
      setError(name, { type: 'server', message: text });
      placed = true;
    }
  }
  return placed;
}
