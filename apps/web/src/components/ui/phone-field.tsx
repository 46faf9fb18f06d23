import { PHONE_PREFIX } from '@yuk/shared';
import { TextField, type TextFieldProps } from './text-field';

/**
 * A phone number of Uzbekistan: the fixed +998 before the 9 digits typed, the phone keyboard, and the
 * browser's autofill of the national number.
 */
export function PhoneField(props: Omit<TextFieldProps, 'prefix' | 'type' | 'inputMode' | 'autoComplete'>) {
  return (
    <TextField
      prefix={PHONE_PREFIX}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="90 123 45 67"
      {...props}
    />
  );
}
