// One row per metric/variant: last, min and max (the task's last_metrics) and a sparkline of the
// histogram samples; the resource monitor's series grouped after the user's, foldable.
import { useMemo, type ReactNode } from 'react';
import { Text } from 'ink';
import type { ScalarRow, ScalarSeries } from '../../store/types.js';
import { scalarEntries, type ScalarEntry } from '../../store/index.js';
import { shortenNames, withoutMonitorPrefix } from '../../text/series-names.js';
import { formatNumber } from '../../text/format.js';
import { sanitize } from '../../text/sanitize.js';
import { smoothingLabel } from '../../text/smooth.js';
import { sparkline } from '../../text/sparkline.js';
import { cell } from '../cells.js';
import { useMonitor, useTheme } from '../context.js';
import { paneInner } from '../layout.js';
import { DimLine, ErrorLine } from '../components/Notice.js';
import { PaneFrame } from '../components/PaneFrame.js';
import type { Theme } from '../theme.js';
import type { PaneProps } from './types.js';
import { useScrollTop } from './use-scroll-top.js';
import { useSmoothingWeight } from './use-smoothing-weight.js';

export interface ScalarColumns {
  name: number;
  value: number;
  /** min and max are shown beside last (when the pane is wide enough). */
  extremes: boolean;
  spark: number;
}

export function scalarColumns(width: number): ScalarColumns {
  const value = width >= 70 ? 10 : 8;
  const extremes = width >= 14 + 3 * (value + 1);
  const values = (extremes ? 3 : 1) * (value + 1);
  const name = Math.max(8, Math.min(36, Math.round(width * 0.34), width - values - 1));
  const spark = Math.max(0, width - name - values - 1);
  return { name, value, extremes, spark };
}

export function seriesName(metric: string, variant: string, theme: Theme): string {
  const m = sanitize(metric);
  const v = sanitize(variant);
  if (v === '' || v === m) return m;
  return `${m} ${theme.ascii ? '/' : '›'} ${v}`;
}

/**
 * The names the list shows for its series lines, fitted to `width` so that they stay distinct
 * (text/series-names.ts); `:monitor:` series without the prefix (their group's line says it).
 */
export function shownNames(entries: readonly ScalarEntry[], width: number, theme: Theme): Map<ScalarEntry, string> {
  const series = entries.filter((e): e is Extract<ScalarEntry, { kind: 'series' }> => e.kind === 'series');
  const indent = '  ';
  const full = series.map((e) =>
    seriesName(e.monitor ? withoutMonitorPrefix(e.row.metric) : e.row.metric, e.row.variant, theme),
  );
  const shown = shortenNames(full, width - indent.length, theme.glyphs.ellipsis);
  const out = new Map<ScalarEntry, string>();
  series.forEach((e, i) => out.set(e, (e.monitor ? indent : '') + (shown[i] as string)));
  return out;
}

function valueText(value: number | null, width: number): string {
  return value === null ? '-' : formatNumber(value, width);
}

function ScalarLine(props: {
  row: ScalarRow;
  name: string;
  series: ScalarSeries | undefined;
  columns: ScalarColumns;
  selected: boolean;
  focused: boolean;
  theme: Theme;
}): ReactNode {
  const { row, columns, theme } = props;
  const name = cell(props.name, columns.name, 'left', theme.glyphs.ellipsis);
  const value = (v: number | null) => ` ${cell(valueText(v, columns.value), columns.value, 'right')}`;
  const values = value(row.last) + (columns.extremes ? value(row.min) + value(row.max) : '') + ' ';
  const spark =
    columns.spark > 0 && props.series !== undefined
      ? sparkline(props.series.y, columns.spark, { x: props.series.x, ascii: theme.ascii })
      : '';
  return (
    <Text wrap="truncate-end" inverse={props.selected && props.focused} bold={props.selected && !props.focused}>
      {name}
      {values}
      <Text color={theme.fg('cyan')}>{spark}</Text>
    </Text>
  );
}

function GroupLine(props: {
  count: number;
  folded: boolean;
  selected: boolean;
  focused: boolean;
  width: number;
  theme: Theme;
}): ReactNode {
  const { theme } = props;
  const mark = props.folded ? (theme.ascii ? '+' : '▸') : theme.ascii ? '-' : '▾';
  const text = `${mark} :monitor: ${props.count} series${props.folded ? ' (z: show)' : ' (z: fold)'}`;
  return (
    <Text
      wrap="truncate-end"
      dimColor={!props.selected}
      inverse={props.selected && props.focused}
      bold={props.selected && !props.focused}
    >
      {cell(text, props.width, 'left', theme.glyphs.ellipsis)}
    </Text>
  );
}

export function ScalarsPane(props: PaneProps): ReactNode {
  const theme = useTheme();
  const scalars = useMonitor((s) => s.scalars);
  const xAxis = useMonitor((s) => s.ui.xAxis);
  const folded = useMonitor((s) => s.ui.monitorFolded);
  const weight = useSmoothingWeight();
  const hasTask = useMonitor((s) => s.tasks.selectedId !== null);
  const inner = paneInner(props);
  const columns = scalarColumns(inner.width);
  const entries = useMemo(() => scalarEntries(scalars.rows, folded), [scalars.rows, folded]);
  const names = useMemo(() => shownNames(entries, columns.name, theme), [entries, columns.name, theme]);
  const withHeader = inner.height >= 6 && scalars.rows.length > 0;
  const listRows = Math.max(0, inner.height - (withHeader ? 1 : 0) - (scalars.error ? 1 : 0));
  const top = useScrollTop(scalars.selectedIndex, listRows, entries.length);
  const info = [
    `${scalars.rows.length} series`,
    `x: ${xAxis === 'since' ? 'since start' : xAxis}`,
    `smoothing: ${smoothingLabel(weight)}`,
  ];
  if (scalars.loading && scalars.rows.length > 0) info.push(`loading${theme.glyphs.ellipsis}`);

  let body: ReactNode;
  if (!hasTask) body = <DimLine text="no task selected" width={inner.width} />;
  else if (scalars.rows.length === 0)
    body = (
      <DimLine
        text={scalars.loading ? `loading scalars${theme.glyphs.ellipsis}` : 'no scalars reported'}
        width={inner.width}
      />
    );
  else {
    body = entries.slice(top, top + listRows).map((entry, i) => {
      const selected = top + i === scalars.selectedIndex;
      if (entry.kind === 'monitor-group')
        return (
          <GroupLine
            key="\u0000monitor"
            count={entry.count}
            folded={entry.folded}
            selected={selected}
            focused={props.focused}
            width={inner.width}
            theme={theme}
          />
        );
      const { row } = entry;
      return (
        <ScalarLine
          key={`${row.metric}\u0000${row.variant}`}
          row={row}
          name={names.get(entry) ?? ''}
          series={scalars.series[row.metric]?.[row.variant]}
          columns={columns}
          selected={selected}
          focused={props.focused}
          theme={theme}
        />
      );
    });
  }
  const valueHeads = ['last', ...(columns.extremes ? ['min', 'max'] : [])]
    .map((h) => ` ${cell(h, columns.value, 'right')}`)
    .join('');
  const header = `${cell('metric', columns.name)}${valueHeads} ${columns.spark > 0 ? 'trend' : ''}`;
  return (
    <PaneFrame title="scalars" info={info} focused={props.focused} width={props.width} height={props.height}>
      {scalars.error ? <ErrorLine error={scalars.error} width={inner.width} /> : null}
      {withHeader ? <DimLine text={header} width={inner.width} /> : null}
      {body}
    </PaneFrame>
  );
}
