// The selected task at a glance: status with reason and message, times, duration, user, tags,
// hyperparameters, configuration, artifacts and models (src/text/run-info.ts builds the lines). A cursor marks
// the line Enter opens whole; `/` matches are underlined, the cursor's line is inverse.
import { useMemo, type ReactNode } from 'react';
import { Text } from 'ink';
import { runInfoLines, type InfoLine } from '../../text/run-info.js';
import { sanitize } from '../../text/sanitize.js';
import { cell, clip } from '../cells.js';
import { useMonitor, useTheme } from '../context.js';
import { paneInner } from '../layout.js';
import { DimLine, ErrorLine } from '../components/Notice.js';
import { PaneFrame } from '../components/PaneFrame.js';
import type { PaneProps } from './types.js';
import { useInfoClock } from './use-info-clock.js';
import { useScrollTop } from './use-scroll-top.js';
import { paramCompareShown } from '../../store/index.js';
import { ParamCompareRows } from './ParamCompareRows.js';

function InfoRow(props: {
  line: InfoLine;
  labelWidth: number;
  width: number;
  selected: boolean;
  focused: boolean;
  matched: boolean;
}): ReactNode {
  const theme = useTheme();
  const { line } = props;
  if (line.kind === 'heading')
    return (
      <Text bold wrap="truncate-end" inverse={props.selected && props.focused}>
        {clip(line.label, props.width, theme.glyphs.ellipsis)}
      </Text>
    );
  const valueWidth = Math.max(0, props.width - props.labelWidth - 1);
  const error = line.label === 'status' && /^(failed|stopped)/.test(line.value);
  return (
    <Text wrap="truncate-end" inverse={props.selected && props.focused} underline={props.matched && !props.selected}>
      <Text dimColor={!props.selected}>{cell(line.label, props.labelWidth, 'left', theme.glyphs.ellipsis)}</Text>{' '}
      <Text color={error ? theme.fg('red') : undefined} bold={props.selected && !props.focused}>
        {clip(line.value, valueWidth, theme.glyphs.ellipsis)}
      </Text>
    </Text>
  );
}

export function RunInfoPane(props: PaneProps): ReactNode {
  const theme = useTheme();
  const runinfo = useMonitor((s) => s.runinfo);
  const hasTask = useMonitor((s) => s.tasks.selectedId !== null);
  const comparing = useMonitor(paramCompareShown);
  const now = useInfoClock(runinfo.info);
  const inner = paneInner(props);
  const lines = useMemo(() => (runinfo.info === null ? [] : runInfoLines(runinfo.info, now)), [runinfo.info, now]);
  const rows = Math.max(0, inner.height - (runinfo.error ? 1 : 0));
  const top = useScrollTop(runinfo.selectedIndex, rows, lines.length);
  const labelWidth = Math.min(24, Math.max(10, Math.floor(inner.width * 0.3)));
  const matches = useMemo(() => new Set(runinfo.search?.matches ?? []), [runinfo.search]);

  const info: string[] = [];
  if (runinfo.search !== null) {
    const q = `/${clip(sanitize(runinfo.search.query), 20, theme.glyphs.ellipsis)}/`;
    const at = runinfo.search.matches.indexOf(runinfo.selectedIndex);
    info.push(
      runinfo.search.matches.length === 0
        ? `${q} not found`
        : `${q} ${at >= 0 ? at + 1 : '-'}/${runinfo.search.matches.length}`,
    );
  }
  if (runinfo.loading && runinfo.info !== null) info.push(`loading${theme.glyphs.ellipsis}`);

  let body: ReactNode;
  if (comparing && runinfo.compare !== null) {
    info.push(`${runinfo.compare.runs.length} runs compared`);
    body = (
      <ParamCompareRows
        compare={runinfo.compare}
        width={inner.width}
        rows={rows}
        selectedIndex={runinfo.selectedIndex}
        focused={props.focused}
      />
    );
  } else if (!hasTask) body = <DimLine text="no task selected" width={inner.width} />;
  else if (runinfo.info === null)
    body = (
      <DimLine
        text={runinfo.loading ? `loading run info${theme.glyphs.ellipsis}` : 'no run info'}
        width={inner.width}
      />
    );
  else
    body = lines
      .slice(top, top + rows)
      .map((line, i) => (
        <InfoRow
          key={top + i}
          line={line}
          labelWidth={labelWidth}
          width={inner.width}
          selected={top + i === runinfo.selectedIndex}
          focused={props.focused}
          matched={matches.has(top + i)}
        />
      ));
  return (
    <PaneFrame title="run info" info={info} focused={props.focused} width={props.width} height={props.height}>
      {runinfo.error ? <ErrorLine error={runinfo.error} width={inner.width} /> : null}
      {body}
    </PaneFrame>
  );
}
