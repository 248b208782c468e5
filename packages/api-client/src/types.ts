import type { paths } from './openapi';

/** The methods the API uses, as the OpenAPI document names them. */
export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

type Operation<P extends keyof paths, M extends ApiMethod> = paths[P] extends { [K in M]: infer O } ? O : never;

/** Every path that answers a method: `ApiPath<'get'>` is a union of path templates such as `/api/admin/users/{id}`. */
export type ApiPath<M extends ApiMethod> = {
  [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never;
}[keyof paths];

/** The `data` of a successful envelope. */
export type ApiData<P extends keyof paths, M extends ApiMethod> =
  Operation<P, M> extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } } ? D : unknown;

/** The query string a call takes. */
export type ApiQuery<P extends keyof paths, M extends ApiMethod> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? Q : never;

/** The values of the `{name}` parts of a path template. */
export type ApiPathParams<P extends keyof paths, M extends ApiMethod> =
  Operation<P, M> extends { parameters: { path: infer A } } ? A : never;

/** The JSON body a call takes. */
export type ApiBody<P extends keyof paths, M extends ApiMethod> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

type Part<K extends string, T> = [T] extends [never] | [undefined]
  ? { [_ in K]?: never }
  : object extends T
    ? { [_ in K]?: T }
    : { [_ in K]: T };

/** A query whose values may also be null: a null or undefined value leaves the parameter out. */
type LooseQuery<Q> = [Q] extends [never] ? never : { [K in keyof Q]: Q[K] | null | undefined };

/** What one call passes besides its path: path values, query, body, and a signal that cancels it. */
export type ApiInit<P extends keyof paths, M extends ApiMethod> = Part<'path', ApiPathParams<P, M>> &
  Part<'query', LooseQuery<ApiQuery<P, M>>> &
  Part<'body', ApiBody<P, M>> & { signal?: AbortSignal | undefined };

/** The init argument, optional when nothing in it is required. */
export type ApiArgs<P extends keyof paths, M extends ApiMethod> =
  object extends ApiInit<P, M> ? [init?: ApiInit<P, M>] : [init: ApiInit<P, M>];

export type { paths };

/** Paths whose GET answers a page: `{ items, page, pageSize, hasMore }` (possibly among other shapes). */
export type ApiPagedPath = {
  [P in ApiPath<'get'>]: [Extract<ApiData<P, 'get'>, { items: unknown[] }>] extends [never] ? never : P;
}[ApiPath<'get'>];

/** The item of a paged GET's page. */
export type ApiPageItem<P extends ApiPagedPath> = Extract<ApiData<P, 'get'>, { items: unknown[] }>['items'][number];
