export {
  api,
  ApiError,
  isApiError,
  REQUEST_TIMEOUT_MS,
  type ApiErrorKind,
  type QueryParams,
  type RequestOptions,
} from './client';
