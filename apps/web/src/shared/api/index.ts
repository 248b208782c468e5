export { api, request, ApiError, isApiError, REQUEST_TIMEOUT_MS, type ApiErrorKind, type QueryParams, type JsonBody, type RequestOptions } from './client';
