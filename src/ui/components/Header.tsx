// The top line: the three views and the panes of the shown view, with the keys that reach them.
import type { ReactNode } from 'react';
import { Text } from 'ink';
import type { PaneName, ViewName } from '../../store/types.js';
import { displayWidth } from '../../text/sanitize.js';
import { useTheme } from '../context.js';
import { paneSpec, panesOf } from '../../store/panes.js';

interface Tab {
  text: string;
  active: boolean;
}

/**
 * How much the header keeps when space is short: 0 everything; 1 tabs closer together; 2 also
 * the pane keys left out; 3 also the longer pane names shortened (every tab of a view fits in
 * 60 columns; the view names too). The view tabs always stay (with their keys): they are how a
 * user finds the other views; pane tabs give way first, narrower still.
 */
export type Compaction = 0 | 1 | 2 | 3;

const LEVELS: readonly Compaction[] = [0, 1, 2, 3];

/** Shorter pane tab names for level 3 (a tab not named here is already short). */
const SHORT_TABS: Readonly<Record<string, string>> = { scalars: 'scal', summary: 'sum', details: 'det' };

/** Each view's tab, and its shorter name at level 3 (so that every tab fits in 60 columns). */
const VIEW_TABS: readonly (readonly [ViewName, string, string])[] = [
  ['tasks', '1 Tasks', '1 Task'],
  ['reports', '2 Reports', '2 Rep'],
  ['cluster', '3 Cluster', '3 Clu'],
];

/** The view tabs and the pane tabs at a compaction level. */
export function headerTabs(view: ViewName, focused: PaneName, level: Compaction): { views: Tab[]; panes: Tab[] } {
  const views: Tab[] = VIEW_TABS.map(([name, text, short]) => ({
    text: level === 3 ? short : text,
    active: view === name,
  }));
  // Each pane's tab and focus key come from its descriptor (src/store/panes.ts).
  const panes = panesOf(view).map((pane) => {
    const { focus, tab } = paneSpec(pane);
    if (level === 3) return { text: SHORT_TABS[tab] ?? tab, active: pane === focused };
    return { text: focus === null || level === 2 ? tab : `${focus.key} ${tab}`, active: pane === focused };
  });
  return { views, panes };
}

function tabsWidth(tabs: { views: Tab[]; panes: Tab[] }, pad: number): number {
  return [...tabs.views, ...tabs.panes].reduce((w, t) => w + displayWidth(t.text) + pad, 0) + 3;
}

export function Header(props: { view: ViewName; focused: PaneName; width: number; readOnly: boolean }): ReactNode {
  const theme = useTheme();
  const sep = theme.ascii ? '|' : '│';
  const right = props.readOnly ? ' read-only ' : '';
  const room = props.width - displayWidth(right);
  const level = LEVELS.find((l) => tabsWidth(headerTabs(props.view, props.focused, l), l === 0 ? 2 : 1) <= room) ?? 3;
  const { views, panes } = headerTabs(props.view, props.focused, level);
  const pad = (text: string): string => (level === 0 ? ` ${text} ` : `${text} `);
  // Views and the separator are left out when they do not fit; the pane tabs stop at the first that does not.
  const pieces: { node: ReactNode; width: number; last: boolean }[] = views.map((tab, i) => ({
    node: (
      <Text key={`v${i}`} inverse={tab.active} bold={tab.active} color={tab.active ? undefined : theme.fg('gray')}>
        {level === 0 ? pad(tab.text) : ` ${tab.text} `}
      </Text>
    ),
    width: displayWidth(tab.text) + 2,
    last: false,
  }));
  pieces.push({
    node: (
      <Text key="sep" color={theme.fg('gray')}>
        {level === 0 ? ` ${sep} ` : `${sep} `}
      </Text>
    ),
    width: level === 0 ? 3 : 2,
    last: false,
  });
  for (const [i, tab] of panes.entries()) {
    pieces.push({
      node: (
        <Text key={`p${i}`} underline={tab.active} bold={tab.active} color={tab.active ? theme.fg('cyan') : undefined}>
          {pad(tab.text)}
        </Text>
      ),
      width: displayWidth(pad(tab.text)),
      last: true,
    });
  }
  const parts: ReactNode[] = [];
  let used = 0;
  for (const piece of pieces) {
    if (used + piece.width > room) {
      if (piece.last) break;
      continue;
    }
    parts.push(piece.node);
    used += piece.width;
  }
  const gap = Math.max(0, props.width - used - displayWidth(right));
  return (
    <Text wrap="truncate-end">
      {parts}
      {' '.repeat(gap)}
      {right === '' ? null : <Text color={theme.fg('yellow')}>{right}</Text>}
    </Text>
  );
}
