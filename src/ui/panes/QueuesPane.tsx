// The Cluster view's queues: each queue's name, length, oldest wait and listening workers, then
// its first waiting tasks (as many as the pane has rows for). `[` `]` `{` `}` reorder the
// selected one, `d` takes it out of line.
import type { ReactNode } from 'react';
import { Text } from 'ink';
import { useMonitor, useTheme } from '../context.js';
import { paneInner } from '../layout.js';
import { DimLine, emptyListText, ErrorLine } from '../components/Notice.js';
import { PaneFrame } from '../components/PaneFrame.js';
import { queueLines } from './cluster-lines.js';
import type { PaneProps } from './types.js';
import { useScrollTop } from './use-scroll-top.js';

export function QueuesPane(props: PaneProps): ReactNode {
  const theme = useTheme();
  const queues = useMonitor((s) => s.cluster.queues);
  const entryIndex = useMonitor((s) => s.cluster.entryIndex);
  const error = useMonitor((s) => s.cluster.error);
  const loading = useMonitor((s) => s.cluster.loading);
  const asOf = useMonitor((s) => s.cluster.asOf ?? 0);
  const waiting = useMonitor((s) => s.connection.state !== 'live' && s.connection.state !== 'connecting');
  const inner = paneInner(props);
  const lines = queueLines(queues, inner.width, asOf);
  const rows = Math.max(0, inner.height - (error ? 1 : 0));
  const selectedLine = Math.max(
    0,
    lines.findIndex((l) => l.entry === entryIndex),
  );
  const top = useScrollTop(selectedLine, rows, lines.length);
  const total = queues.reduce((sum, q) => sum + q.length, 0);
  const info = queues.length === 0 ? '' : `${queues.length} queues, ${total} waiting`;
  return (
    <PaneFrame title="queues" info={info} focused={props.focused} width={props.width} height={props.height}>
      {error ? <ErrorLine error={error} width={inner.width} /> : null}
      {queues.length === 0 ? (
        <DimLine
          text={emptyListText('queues', { loading, waiting, filtered: false }, theme.glyphs.ellipsis)}
          width={inner.width}
        />
      ) : null}
      {lines.slice(top, top + rows).map((line, i) => {
        const selected = line.entry !== undefined && line.entry === entryIndex;
        return (
          <Text
            key={top + i}
            wrap="truncate-end"
            bold={line.kind === 'queue' || (selected && !props.focused)}
            inverse={selected && props.focused}
            color={line.kind === 'queue' ? theme.fg('cyan') : undefined}
          >
            {line.text}
          </Text>
        );
      })}
    </PaneFrame>
  );
}
