import { Type, type Static } from 'typebox';

/**
 * `POST /api/help/contact`: a message to the team. The fields are optional in the schema so a
 * missing one is answered with the form's own prompt (a field error).
 */
export const ContactInputSchema = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 254 })),
  subject: Type.Optional(Type.String({ maxLength: 200 })),
  message: Type.Optional(Type.String({ maxLength: 5000 })),
});
export type ContactInput = Static<typeof ContactInputSchema>;

/** The stored message's id. */
export const ContactReceiptSchema = Type.Object({ id: Type.String() });
export type ContactReceipt = Static<typeof ContactReceiptSchema>;
