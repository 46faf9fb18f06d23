import { format, isValid, parse, parseISO } from 'date-fns';
import { ru, uz } from 'date-fns/locale';
import { useId, type ReactNode } from 'react';
import DatePicker, { registerLocale } from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { DATE_FORMAT, type Language } from '@yuk/shared';
import { cn } from '../../lib/cn';
import { controlClass, describedBy, FieldFrame } from './field';
import './date-field.css';

registerLocale('uz', uz);
registerLocale('ru', ru);

/** The value a form keeps and the API takes: YYYY-MM-DD; with a time, YYYY-MM-DDTHH:mm (a wall-clock time). */
const API_DATE = 'yyyy-MM-dd';
const API_DATE_TIME = "yyyy-MM-dd'T'HH:mm";

export interface DateFieldProps {
  label: ReactNode;
  /** 'YYYY-MM-DD', or '' when no date is chosen. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name: string;
  language: Language;
  placeholder: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** Also a time of day (24 h, every 15 minutes or typed): the value is then YYYY-MM-DDTHH:mm. */
  time?: { caption: string };
  /** The first day that may be chosen (a day before it is greyed out in the calendar). */
  minDate?: Date;
}

/**
 * What the date and the time field's pickers share: the value kept in the format the API takes (`keptAs`),
 * the interface's language, the placeholder, the control's look and its ARIA.
 */
function pickerProps(
  id: string,
  field: {
    name?: string;
    /** The value read from the kept text; an invalid date shows as none. */
    value: Date | null;
    keptAs: string;
    onChange: (value: string) => void;
    language: Language;
    placeholder: string;
    error?: string;
    hint?: ReactNode;
  },
) {
  return {
    id,
    name: field.name,
    selected: field.value && isValid(field.value) ? field.value : null,
    onChange: (date: Date | null) => field.onChange(date && isValid(date) ? format(date, field.keptAs) : ''),
    placeholderText: field.placeholder,
    locale: field.language === 'en' ? undefined : field.language,
    autoComplete: 'off',
    showPopperArrow: false,
    ariaInvalid: field.error ? 'true' : undefined,
    ariaDescribedBy: describedBy(id, field.error, field.hint),
    className: cn(controlClass),
    wrapperClassName: 'w-full',
  };
}

/**
 * A date chosen from a calendar or typed as dd.MM.yyyy (with `time`, dd.MM.yyyy HH:mm), kept as YYYY-MM-DD
 * (YYYY-MM-DDTHH:mm) for the API: never the browser's own format, which follows its language, not ours.
 * The calendar speaks the interface language.
 */
export function DateField({
  label,
  value,
  onChange,
  onBlur,
  name,
  language,
  placeholder,
  error,
  hint,
  required,
  time,
  minDate,
}: DateFieldProps) {
  const id = useId();
  const parsed = value ? parseISO(value) : null;
  const kept = time ? API_DATE_TIME : API_DATE;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <DatePicker
        {...pickerProps(id, { name, value: parsed, keptAs: kept, onChange, language, placeholder, error, hint })}
        onBlur={onBlur}
        dateFormat={time ? `${DATE_FORMAT} HH:mm` : DATE_FORMAT}
        {...(time ? { showTimeSelect: true, timeFormat: 'HH:mm', timeIntervals: 15, timeCaption: time.caption } : {})}
        {...(minDate ? { minDate } : {})}
        calendarStartDay={1}
        ariaRequired={required ? 'true' : undefined}
      />
    </FieldFrame>
  );
}

/** A time of day as the API keeps it: HH:mm, 24 h. */
const TIME = 'HH:mm';

export interface TimeFieldProps {
  label: ReactNode;
  /** 'HH:mm', or '' when no time is chosen. */
  value: string;
  onChange: (value: string) => void;
  name?: string;
  language: Language;
  placeholder: string;
  /** The heading of the list of times. */
  caption: string;
  error?: string;
  hint?: ReactNode;
}

/**
 * A time of day (24 h) chosen from a list every 15 minutes or typed as HH:mm, kept as HH:mm: never the
 * browser's own time input, which an English browser shows as "10:30 PM".
 */
export function TimeField({
  label,
  value,
  onChange,
  name,
  language,
  placeholder,
  caption,
  error,
  hint,
}: TimeFieldProps) {
  const id = useId();
  const parsed = /^\d{2}:\d{2}$/.test(value) ? parse(value, TIME, new Date()) : null;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <DatePicker
        {...pickerProps(id, { name, value: parsed, keptAs: TIME, onChange, language, placeholder, error, hint })}
        showTimeSelect
        showTimeSelectOnly
        timeIntervals={15}
        timeCaption={caption}
        timeFormat={TIME}
        dateFormat={TIME}
      />
    </FieldFrame>
  );
}
