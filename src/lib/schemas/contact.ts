// The contact form's input, shared by the server and the browser app.
import './zod-config';
import { z } from 'zod';

export const CONTACT_MESSAGE_MAX = 5000;

const requiredString = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'Please fill in all fields' : undefined) });

export const ZContactInput = z.object({
  name: requiredString().trim().min(1, 'Please fill in all fields').max(100).describe('Your name'),
  email: requiredString()
    .trim()
    .min(1, 'Please fill in all fields')
    .max(254)
    .regex(z.regexes.email, 'Please enter a valid email address')
    .describe('Where we can answer you'),
  message: requiredString()
    .trim()
    .min(1, 'Please fill in all fields')
    .max(CONTACT_MESSAGE_MAX, `Your message can be at most ${CONTACT_MESSAGE_MAX} characters`)
    .describe('The message'),
});
export type TContactInput = z.input<typeof ZContactInput>;
