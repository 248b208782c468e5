import { Type, type TSchema } from 'typebox';

import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };

export const PageQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
});

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
