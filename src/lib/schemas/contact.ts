// The contact form's input, shared by the server and the browser app.
import './zod-config';
import { z } from 'zod';
import { CONTACT_MESSAGE_MAX } from '@/lib/constants';

const requiredString = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'Please fill in all fields' : undefined) });

/** The three fields' rules; `empty` words what a blank field says. */
function contactFields(empty: { name: string; email: string; message: string }) {
  return {
    name: requiredString().trim().min(1, empty.name).max(100).describe('Your name'),
    email: requiredString()
      .trim()
      .min(1, empty.email)
      .max(254)
      .regex(z.regexes.email, 'Please enter a valid email address')
      .describe('Where we can answer you'),
    message: requiredString()
      .trim()
      .min(1, empty.message)
      .max(CONTACT_MESSAGE_MAX, `Your message can be at most ${CONTACT_MESSAGE_MAX} characters`)
      .describe('The message'),
  };
}

export const ZContactInput = z.object(
  contactFields({ name: 'Please fill in all fields', email: 'Please fill in all fields', message: 'Please fill in all fields' }),
);
export type TContactInput = z.input<typeof ZContactInput>;

/** The contact form: the same rules, with each blank field named under it. */
export const ZContactForm = z.object(
  contactFields({ name: 'Please enter your name', email: 'Please enter your email address', message: 'Please write a message' }),
);
export type TContactForm = z.input<typeof ZContactForm>;
