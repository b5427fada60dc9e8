// Log levels as the logs pane colours them.

type LogLevelClass = 'error' | 'warn' | 'info' | 'debug';

/** error/critical/fatal -> error, warn/warning -> warn, debug/verbose -> debug, else info. */
export function logLevelClass(level: string | undefined): LogLevelClass {
  switch ((level ?? '').toLowerCase()) {
    case 'error':
    case 'critical':
    case 'fatal':
      return 'error';
    case 'warn':
    case 'warning':
      return 'warn';
    case 'debug':
    case 'verbose':
      return 'debug';
    default:
      return 'info';
  }
}

/** How each level class is drawn (Ink `<Text>` props). */
export const LOG_LEVEL_STYLES: Readonly<Record<LogLevelClass, { color?: 'red' | 'yellow'; dimColor?: boolean }>> = {
  error: { color: 'red' },
  warn: { color: 'yellow' },
  info: {},
  debug: { dimColor: true },
};
