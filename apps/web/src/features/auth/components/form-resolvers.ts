import { zodResolver } from '@hookform/resolvers/zod';
import { loginInput } from '@yuk/shared';
import { registerFormSchema } from './register-form-schema';

// the auth forms' validation, loaded apart from the forms themselves (see lib/lazy-resolver)
export const loginResolver = zodResolver(loginInput);
export const registerResolver = zodResolver(registerFormSchema);
