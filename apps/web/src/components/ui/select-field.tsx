import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { controlClass, describedBy, FieldFrame } from './field';

export interface SelectOption {
  value: string;
  label: string;
  /** Shown but not choosable (its label should say why). */
  disabled?: boolean;
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  labelHidden?: boolean;
  options: readonly SelectOption[];
  /** A first, empty choice (e.g. "All"): the empty string means no filter. */
  placeholder?: string;
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
  containerClassName?: string;
}

/** A labelled native select (keyboard and screen-reader friendly on every platform). */
export function SelectField({
  label,
  labelHidden,
  options,
  placeholder,
  hint,
  error,
  id,
  className,
  containerClassName,
  ...props
}: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <FieldFrame
      id={selectId}
      label={label}
      labelHidden={labelHidden}
      hint={hint}
      error={error}
      className={containerClassName}
    >
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, error, hint)}
        className={cn(controlClass, 'pr-8', className)}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
