export { ApiError, isApiError, type ApiErrorKind } from '@episodic/api-client';
