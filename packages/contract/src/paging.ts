import { Type, type Static, type TSchema } from 'typebox';

import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };

/** A viewer list's page number (from 1). */
export const PageNumberSchema = Type.Integer({ minimum: 1, maximum: 10000, default: 1 });
/** A viewer list's page size. */
export const PageSizeSchema = Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE });

export const PageQuerySchema = Type.Object({
  page: Type.Optional(PageNumberSchema),
  pageSize: Type.Optional(PageSizeSchema),
});
export type PageQuery = Static<typeof PageQuerySchema>;

export function PageOf<T extends TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(item),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    hasMore: Type.Boolean(),
  });
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}
