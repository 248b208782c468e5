export { createApiClient, type ApiClient, type ApiClientOptions } from './client';
export {
  envelopeData,
  fieldsOf,
  isEnvelope,
  messageOf,
  REQUEST_TIMEOUT_MS,
  searchOf,
  type QueryParams,
  type WireEnvelope,
} from './envelope';
export { envelopeError, readEnvelope, send, transportError, type TransportFailure } from './transport';
export { ApiError, isApiError, type ApiErrorKind, type FieldErrors } from './api-error';
export type {
  ApiArgs,
  ApiBody,
  ApiData,
  ApiInit,
  ApiMethod,
  ApiPagedPath,
  ApiPageItem,
  ApiPath,
  ApiPathParams,
  ApiQuery,
  paths,
} from './types';
export type { components } from './openapi';
