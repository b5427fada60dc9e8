// Public surface of the ClearML client.
export { createClient, type ApiClient, type ClientOptions, type ServerInfo } from './client.js';
export { ApiError, isApiError, isAbortError, type ApiErrorKind, type ApiErrorInit } from './errors.js';
export { unreachableReason } from './network-errors.js';
export { DEFAULT_TIMEOUTS, type Timeouts } from './transport.js';
export { DEFAULT_MAX_ANSWER_BYTES } from './answer-limit.js';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry.js';
export { DEFAULT_REFRESH_THRESHOLD_SEC } from './auth.js';
export { decodeTokenClaims } from './jwt.js';
export { SERVICE_METHODS, type CallOptions, type ServiceClients, type OperationFn } from './services.js';
export {
  scrollReports,
  pageReports,
  scrollTasks,
  scrollTaskData,
  scrollTaskEvents,
  scrollRawScalars,
  taskLogBackward,
  taskLogForward,
  DEFAULT_LIST_PAGE_SIZE,
  DEFAULT_LOG_BATCH_SIZE,
  type Caller,
  type PagingOptions,
  type RawScalarSeries,
  type TaskLogWalk,
} from './paging.js';
export { fetchBytes, fetchFile, sameOrigin, FetchFileError, type FetchFileOptions } from './fetch-file.js';
