import * as z from 'zod/mini';
import { field, form } from '../validation/field';
import { maxLength, pattern, required } from '../validation/rules';
import { WHATSAPP_ID_MAX, WHATSAPP_SECRET_MAX, WHATSAPP_TEMPLATE_LANGUAGE_MAX, WHATSAPP_TEMPLATE_NAME_MAX } from './limits';

// Shared by the settings form and the route handlers: no server imports.

const id = () => field([required(), pattern('numeric', 'invalid'), maxLength(WHATSAPP_ID_MAX)]);
// Empty leaves the stored secret as it is: the form never receives it to send it back.
const secret = () => field([maxLength(WHATSAPP_SECRET_MAX)], { trim: true });

/** The Cloud API credentials; the secrets are write-only. */
export const credentialsSchema = form({
  phoneNumberId: id(),
  wabaId: id(),
  accessToken: z.optional(secret()),
  appSecret: z.optional(secret()),
  verifyToken: z.optional(secret()),
});

/** An approved template picked from the list, by name and language code. */
export const templateSendSchema = form({
  name: field([required(), pattern('alphaDash', 'invalid'), maxLength(WHATSAPP_TEMPLATE_NAME_MAX)]),
  language: field([required(), pattern('alphaDash', 'invalid'), maxLength(WHATSAPP_TEMPLATE_LANGUAGE_MAX)]),
});

export type CredentialsInput = z.output<typeof credentialsSchema>;
export type TemplateSendInput = z.output<typeof templateSendSchema>;
