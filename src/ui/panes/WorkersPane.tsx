// The Cluster view's workers: one line each (running or idle, name, user, task, project, bars
// of its last report, last seen), and under them the selected worker's last hour. Enter opens
// its task in the Tasks view.
import type { ReactNode } from 'react';
import { Text } from 'ink';
import { useMonitor, useTheme } from '../context.js';
import { paneInner } from '../layout.js';
import { DimLine, emptyListText, ErrorLine } from '../components/Notice.js';
import { PaneFrame } from '../components/PaneFrame.js';
import { sparkLines, workerHeader, workerLine } from './cluster-lines.js';
import type { PaneProps } from './types.js';
import { useScrollTop } from './use-scroll-top.js';

export function WorkersPane(props: PaneProps): ReactNode {
  const theme = useTheme();
  const cluster = useMonitor((s) => s.cluster);
  const waiting = useMonitor((s) => s.connection.state !== 'live' && s.connection.state !== 'connecting');
  const inner = paneInner(props);
  const spark = cluster.spark?.worker === cluster.selectedWorker ? cluster.spark : null;
  const sparks = inner.height >= 8 ? sparkLines(spark, inner.width, theme.ascii) : [];
  const rows = Math.max(0, inner.height - 1 - (cluster.error ? 1 : 0) - sparks.length);
  const top = useScrollTop(cluster.workerIndex, rows, cluster.workers.length);
  const running = cluster.workers.filter((w) => w.taskId !== null).length;
  const info = cluster.workers.length === 0 ? '' : `${running} running, ${cluster.workers.length - running} idle`;
  const asOf = cluster.asOf ?? 0;
  return (
    <PaneFrame title="workers" info={info} focused={props.focused} width={props.width} height={props.height}>
      {cluster.error ? <ErrorLine error={cluster.error} width={inner.width} /> : null}
      <Text dimColor wrap="truncate-end">
        {workerHeader(inner.width)}
      </Text>
      {cluster.workers.length === 0 ? (
        <DimLine
          text={emptyListText('workers', { loading: cluster.loading, waiting, filtered: false }, theme.glyphs.ellipsis)}
          width={inner.width}
        />
      ) : null}
      {cluster.workers.slice(top, top + rows).map((worker, i) => {
        const selected = top + i === cluster.workerIndex;
        return (
          <Text
            key={worker.id}
            wrap="truncate-end"
            inverse={selected && props.focused}
            bold={selected && !props.focused}
            color={worker.taskId !== null ? theme.fg('green') : undefined}
          >
            {workerLine(worker, cluster.bars[worker.id], inner.width, { ascii: theme.ascii, asOf })}
          </Text>
        );
      })}
      {sparks.map((line, i) => (
        <Text key={`spark${i}`} color={theme.fg('cyan')} wrap="truncate-end">
          {line}
        </Text>
      ))}
    </PaneFrame>
  );
}
