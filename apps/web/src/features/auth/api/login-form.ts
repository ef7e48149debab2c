import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import * as WEB_MESSAGES from '@/config/messages';

const loginFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, WEB_MESSAGES.auth.emailRequired)
    .pipe(z.email(WEB_MESSAGES.auth.emailInvalid)),
  password: z.string().min(1, WEB_MESSAGES.auth.passwordRequired),
});
export type LoginFormValues = z.input<typeof loginFormSchema>;

/** Imported on the form's first check (see LoginPage), so the page itself loads without zod. */
export const loginFormResolver = zodResolver(loginFormSchema);
