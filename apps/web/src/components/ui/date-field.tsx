import { format, isValid, parseISO } from 'date-fns';
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

/** The value a form keeps and the API takes: YYYY-MM-DD. */
const API_DATE = 'yyyy-MM-dd';

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
  required?: boolean;
}

/**
 * A date chosen from a calendar or typed as dd.MM.yyyy, kept as YYYY-MM-DD for the API.
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
  required,
}: DateFieldProps) {
  const id = useId();
  const parsed = value ? parseISO(value) : null;
  const selected = parsed && isValid(parsed) ? parsed : null;
  return (
    <FieldFrame id={id} label={label} error={error}>
      <DatePicker
        id={id}
        name={name}
        selected={selected}
        onChange={(date: Date | null) => onChange(date && isValid(date) ? format(date, API_DATE) : '')}
        onBlur={onBlur}
        dateFormat={DATE_FORMAT}
        placeholderText={placeholder}
        locale={language === 'en' ? undefined : language}
        calendarStartDay={1}
        autoComplete="off"
        showPopperArrow={false}
        ariaInvalid={error ? 'true' : undefined}
        ariaDescribedBy={describedBy(id, error, undefined)}
        ariaRequired={required ? 'true' : undefined}
        className={cn(controlClass)}
        wrapperClassName="w-full"
      />
    </FieldFrame>
  );
}
