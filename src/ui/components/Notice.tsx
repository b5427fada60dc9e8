// One-line messages inside a pane: an error from the store, or "loading…" / "no data".
import type { ReactNode } from 'react';
import { Text } from 'ink';
import type { PaneError } from '../../store/types.js';
import { sanitize } from '../../text/sanitize.js';
import { clip } from '../cells.js';
import { useTheme } from '../context.js';

export function paneErrorText(error: PaneError): string {
  const endpoint = error.endpoint === null ? '' : ` (${sanitize(error.endpoint)})`;
  return `error: ${sanitize(error.message)}${endpoint}`;
}

/** What an empty list says: still loading, waiting for an unreachable server, or truly empty. */
export function emptyListText(
  noun: string,
  state: { loading: boolean; waiting: boolean; filtered: boolean },
  ellipsis: string,
): string {
  if (state.loading) return state.waiting ? `waiting for the server${ellipsis}` : `loading ${noun}${ellipsis}`;
  return state.filtered ? `no ${noun} match the filter` : `no ${noun}`;
}

export function ErrorLine({ error, width }: { error: PaneError; width: number }): ReactNode {
  const theme = useTheme();
  return (
    <Text color={theme.fg('red')} wrap="truncate-end">
      {clip(paneErrorText(error), width, theme.glyphs.ellipsis)}
    </Text>
  );
}

export function DimLine({ text, width }: { text: string; width: number }): ReactNode {
  const theme = useTheme();
  return (
    <Text dimColor wrap="truncate-end">
      {clip(text, width, theme.glyphs.ellipsis)}
    </Text>
  );
}
