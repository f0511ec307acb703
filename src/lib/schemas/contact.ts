// The contact form's input, shared by the server and the browser app.
import { z } from 'zod';

export const CONTACT_MESSAGE_MAX = 5000;

export const ZContactInput = z.object({
  name: z.string({ error: 'Please fill in all fields' }).trim().min(1, 'Please fill in all fields').max(100),
  email: z
    .string({ error: 'Please fill in all fields' })
    .trim()
    .min(1, 'Please fill in all fields')
    .max(254)
    .pipe(z.email('Please enter a valid email address')),
  message: z
    .string({ error: 'Please fill in all fields' })
    .trim()
    .min(1, 'Please fill in all fields')
    .max(CONTACT_MESSAGE_MAX, `Your message can be at most ${CONTACT_MESSAGE_MAX} characters`),
});
export type TContactInput = z.input<typeof ZContactInput>;
