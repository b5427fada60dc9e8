// The core's public face: the shared infrastructure every slice builds on (context and events,
// pollers, timers, connection state, status line, dialogs and pickers, list paging, triage,
// answer parsing). It imports no slice.
export * from './backoff.js';
export * from './connection.js';
export * from './context.js';
export * from './dialog-actions.js';
export * from './dialogs.js';
export * from './errors.js';
export * from './events.js';
export * from './follow-task.js';
export * from './list-book.js';
export * from './list-paging.js';
export * from './lists.js';
export * from './one-shot.js';
export * from './parse.js';
export * from './pickers.js';
export * from './poller.js';
export * from './pollers.js';
export * from './same-data.js';
export * from './status.js';
export * from './triage.js';
export * from './triage-archive.js';
export * from './triage-dialogs.js';
