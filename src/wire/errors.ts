// Result codes of docs/wire-facts.md §1.4: shared by the client (to name what went wrong) and the
// embedded server (to answer with the same status, code and subcode as a real server).

export interface ErrorCode {
  httpStatus: number;
  code: number;
  subcode: number;
  name: string;
  /** The default text real servers put first in result_msg. */
  text: string;
}

function ec(httpStatus: number, subcode: number, name: string, text: string): ErrorCode {
  return { httpStatus, code: httpStatus, subcode, name, text };
}

export const ERRORS = {
  badRequest: ec(400, 0, 'bad_request', 'bad request'),
  missingRequiredFields: ec(400, 11, 'missing_required_fields', 'missing required fields'),
  validationError: ec(400, 12, 'validation_error', 'validation error'),
  fieldsValueError: ec(400, 16, 'fields_value_error', 'invalid value for fields'),
  batchContainsNoItems: ec(400, 17, 'batch_contains_no_items', 'batch request contains no items'),
  invalidTaskId: ec(400, 101, 'invalid_task_id', 'invalid task id'),
  invalidTaskStatus: ec(400, 110, 'invalid_task_status', 'invalid task status'),
  failedChangingTaskStatus: ec(400, 121, 'failed_changing_task_status', 'failed changing task status'),
  taskCannotBeDeleted: ec(400, 123, 'task_cannot_be_deleted', 'task cannot be deleted'),
  eventsNotAdded: ec(400, 131, 'events_not_added', 'events not added'),
  operationSupportedOnReportsOnly: ec(400, 150, 'operation_supported_on_reports_only', 'passed task is not report'),
  invalidModelId: ec(400, 201, 'invalid_model_id', 'invalid model id'),
  invalidProjectId: ec(400, 401, 'invalid_project_id', 'invalid project id'),
  projectNameExists: ec(400, 403, 'project_name_exists', 'project name already exists'),
  invalidQueueId: ec(400, 701, 'invalid_queue_id', 'invalid queue id'),
  queueNotEmpty: ec(400, 702, 'queue_not_empty', 'queue is not empty'),
  invalidQueueOrTaskNotQueued: ec(
    400,
    703,
    'invalid_queue_or_task_not_queued',
    'invalid queue id or task not in queue',
  ),
  taskAlreadyQueued: ec(400, 706, 'task_already_queued', 'failed adding task to queue since task is already queued'),
  noDefaultQueue: ec(400, 707, 'no_default_queue', 'no queue is tagged as the default queue for this company'),
  multipleDefaultQueues: ec(
    400,
    708,
    'multiple_default_queues',
    'more than one queue is tagged as the default queue for this company',
  ),
  dataValidationError: ec(400, 800, 'data_validation_error', 'data validation error'),
  expectedUniqueData: ec(400, 801, 'expected_unique_data', 'value combination already exists'),
  invalidWorkerId: ec(400, 1001, 'invalid_worker_id', 'invalid worker id'),
  workerRegistrationFailed: ec(400, 1002, 'worker_registration_failed', 'worker registration failed'),
  workerNotRegistered: ec(400, 1004, 'worker_not_registered', 'worker is not registered'),
  invalidScrollId: ec(400, 1104, 'invalid_scroll_id', 'Invalid scroll id'),
  badAuthType: ec(401, 10, 'bad_auth_type', 'unauthorized (bad authentication header type)'),
  noCredentials: ec(401, 20, 'no_credentials', 'unauthorized (missing credentials)'),
  badCredentials: ec(401, 21, 'bad_credentials', 'unauthorized (malformed credentials)'),
  invalidCredentials: ec(401, 22, 'invalid_credentials', 'unauthorized (invalid credentials)'),
  invalidToken: ec(401, 30, 'invalid_token', 'invalid token'),
  roleNotAllowed: ec(403, 20, 'role_not_allowed', 'forbidden (role not allowed)'),
  noWritePermission: ec(403, 21, 'no_write_permission', 'forbidden (no write permission)'),
  endpointNotFound: ec(404, 0, 'not_found', 'Unable to find endpoint'),
  payloadTooLarge: ec(413, 0, 'payload_too_large', 'request body too large'),
  tooManyRequests: ec(429, 0, 'too_many_requests', 'too many requests'),
  generalError: ec(500, 0, 'general_error', 'General data error'),
  /** tracktop's server: the database or files could not be written for want of space. */
  diskFull: ec(507, 0, 'insufficient_storage', 'disk full'),
  /** tracktop's server: the database cannot be written or read just now (read-only, I/O error, busy). */
  storageUnavailable: ec(503, 0, 'storage_unavailable', 'storage unavailable'),
  dataError: ec(500, 100, 'data_error', 'general data error'),
} as const satisfies Record<string, ErrorCode>;

/** Statuses after which a read may be retried (docs/wire-facts.md §1.4; 503 = maintenance). */
export const RETRYABLE_HTTP_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);
