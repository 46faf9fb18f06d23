import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'warning' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-blue-600 text-white hover:bg-blue-700 active:bg-blue-800 shadow-sm shadow-blue-950/40',
  secondary: 'bg-navy-800 text-slate-100 ring-1 ring-inset ring-navy-600 hover:bg-navy-700',
  ghost: 'text-slate-200 hover:bg-navy-800 hover:text-white',
  danger: 'bg-red-700 text-white hover:bg-red-600 active:bg-red-800',
  warning: 'bg-orange-500 text-navy-950 hover:bg-orange-400 active:bg-orange-600',
  // on phones a link-styled button is still a 44 px target (the text stays where it was)
  link: 'text-sky-300 underline-offset-4 hover:underline hover:text-sky-200 px-0! py-0! h-auto! max-sm:min-h-11',
};

const sizes: Record<ButtonSize, string> = {
  // phones get 44 px touch targets whatever the size
  sm: 'h-8 max-sm:h-11 px-3 text-sm gap-1.5',
  md: 'h-10 max-sm:h-11 px-4 text-sm gap-2',
  lg: 'h-11 px-5 text-base gap-2',
};

/** The look of a button (also of a link drawn as one, see ButtonLink): its variant, size and width. */
export function buttonClassName({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string | undefined;
}): string {
  return cn(
    'inline-flex items-center justify-center rounded-lg font-medium transition-colors',
    variants[variant],
    sizes[size],
    fullWidth && 'w-full',
    className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** While true the button is disabled and shows a spinner; pass the pending text as children. */
  pending?: boolean;
  fullWidth?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'md',
  pending = false,
  fullWidth = false,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={buttonClassName({
        variant,
        size,
        fullWidth,
        className: cn('disabled:cursor-not-allowed disabled:opacity-60', className),
      })}
      {...props}
    >
      {pending && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
