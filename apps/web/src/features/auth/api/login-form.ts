import { AUTH_MESSAGES } from '@/config/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

const loginFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, AUTH_MESSAGES.emailRequired)
    .pipe(z.email(AUTH_MESSAGES.emailInvalid)),
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired),
});
export type LoginFormValues = z.input<typeof loginFormSchema>;

/** Imported on the form's first check (see LoginPage), so the page itself loads without zod. */
export const loginFormResolver = zodResolver(loginFormSchema);
