import { Type } from 'typebox';

/** A database id (a positive 32-bit integer). */
export const IdSchema = Type.Integer({ minimum: 1, maximum: 2147483647 });
/** An order's, a user's or a request's id. */
export const UuidSchema = Type.String({ format: 'uuid' });

/** `:id` in a path: a database id. */
export const IdParamsSchema = Type.Object({ id: IdSchema });
/** `:id` in a path: a uuid. */
export const UuidParamsSchema = Type.Object({ id: UuidSchema });
