import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn } from '../../lib/cn';
import { controlClass, describedBy, FieldFrame } from './field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  label: ReactNode;
  labelHidden?: boolean;
  hint?: ReactNode;
  error?: string;
  /** Fixed text shown before the value and never sent by the input itself (e.g. '+998'). */
  prefix?: string;
  ref?: Ref<HTMLInputElement>;
  containerClassName?: string;
}

/** A labelled input; works with react-hook-form's register() (ref is a prop in React 19). */
export function TextField({
  label,
  labelHidden,
  hint,
  error,
  prefix,
  id,
  className,
  containerClassName,
  ...props
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const input = (
    <input
      id={inputId}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(inputId, error, hint)}
      className={cn(controlClass, prefix && 'rounded-l-none', className)}
      {...props}
    />
  );
  return (
    <FieldFrame
      id={inputId}
      label={label}
      labelHidden={labelHidden}
      hint={hint}
      error={error}
      className={containerClassName}
    >
      {prefix ? (
        <div className="flex">
          <span className="inline-flex h-10 max-sm:h-11 items-center rounded-l-lg border border-r-0 border-navy-600 bg-navy-800 px-3 text-sm font-medium text-slate-200 select-none">
            {prefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
    </FieldFrame>
  );
}
