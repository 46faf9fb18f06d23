import { z } from 'zod';
import { PHONE_PREFIX, phoneField, registerInput } from '@yuk/shared';

/**
 * The register form: the registration schema, except that the phone input holds only what follows the fixed
 * +998 prefix; the value sent is +998 followed by the typed digits.
 */
export const registerFormSchema = registerInput.extend({
  phone_number: z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .transform((local) => `${PHONE_PREFIX}${local.replace(/[\s\-()]/g, '')}`)
    .pipe(phoneField),
});

export type RegisterFormValues = z.input<typeof registerFormSchema>;
export type RegisterFormOutput = z.output<typeof registerFormSchema>;
