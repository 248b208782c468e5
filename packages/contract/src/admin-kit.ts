import { Type, type TSchema } from 'typebox';
import { IdSchema } from './ids';

// Pieces every part of the console's contract uses (not exported from the package).
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/**
 * A nullable input: null clears the value. (The console's bodies are validated without type
 * coercion, which would otherwise turn a null into 0.)
 */
export const NullableInput = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const DateTime = Type.String({ format: 'date-time' });
/** One optional value per interface language. */
export const PerLanguage = <T extends TSchema>(schema: T) =>
  Type.Object({
    en: Type.Optional(schema),
    es: Type.Optional(schema),
    fy: Type.Optional(schema),
    dy: Type.Optional(schema),
    pt: Type.Optional(schema),
  });

export const ADMIN_LIMITS = {
  title: 200,
  synopsis: 4000,
  tagName: 80,
  sectionTitle: 120,
  planName: 80,
  planDescription: 500,
  reason: 500,
  configValue: 2000,
  maxUnlockCost: 100_000,
  maxSeriesPrice: 1_000_000,
  maxGrantCoins: 1_000_000,
  maxGrantDays: 3650,
  maxPrice: 100_000_00,
  coverBytes: 8 * 1024 * 1024,
  videoBytes: 4 * 1024 * 1024 * 1024,
} as const;

/** Lower-case letters, digits and hyphens: tag, section and plan ids. */
export const ADMIN_SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
export const ADMIN_CONFIG_KEY_PATTERN = '^[a-z][a-z0-9_]{0,99}$';

/** A database id (a positive 32-bit integer). */
export const Id = IdSchema;

export const AdminPageQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

export const AdminPageOf = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    hasMore: Type.Boolean(),
    total: Type.Integer(),
    /** There may be more than `total` (a search too common to count every match): shown as "total+". */
    totalIsLowerBound: Type.Optional(Type.Boolean()),
  });

export interface AdminPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  hasMore: boolean;
  total: number;
  totalIsLowerBound?: boolean;
}
