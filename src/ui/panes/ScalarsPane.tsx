// One row per metric/variant: last value, mean, and a sparkline of the histogram samples.
import type { ReactNode } from 'react';
import { Text } from 'ink';
import type { ScalarRow, ScalarSeries } from '../../store/types.js';
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
  spark: number;
}

export function scalarColumns(width: number): ScalarColumns {
  const value = width >= 70 ? 10 : 8;
  const name = Math.max(8, Math.min(36, Math.round(width * 0.34)));
  const spark = Math.max(0, width - name - 2 * value - 3);
  return { name, value, spark };
}

export function seriesName(metric: string, variant: string, theme: Theme): string {
  const m = sanitize(metric);
  const v = sanitize(variant);
  if (v === '' || v === m) return m;
  return `${m} ${theme.ascii ? '/' : '›'} ${v}`;
}

function valueText(value: number | null, width: number): string {
  return value === null ? '-' : formatNumber(value, width);
}

function ScalarLine(props: {
  row: ScalarRow;
  series: ScalarSeries | undefined;
  columns: ScalarColumns;
  selected: boolean;
  focused: boolean;
  theme: Theme;
}): ReactNode {
  const { row, columns, theme } = props;
  const name = cell(seriesName(row.metric, row.variant, theme), columns.name, 'left', theme.glyphs.ellipsis);
  const values = ` ${cell(valueText(row.last, columns.value), columns.value, 'right')} ${cell(valueText(row.mean, columns.value), columns.value, 'right')} `;
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

export function ScalarsPane(props: PaneProps): ReactNode {
  const theme = useTheme();
  const scalars = useMonitor((s) => s.scalars);
  const xAxis = useMonitor((s) => s.ui.xAxis);
  const weight = useSmoothingWeight();
  const hasTask = useMonitor((s) => s.tasks.selectedId !== null);
  const inner = paneInner(props);
  const columns = scalarColumns(inner.width);
  const withHeader = inner.height >= 6 && scalars.rows.length > 0;
  const listRows = Math.max(0, inner.height - (withHeader ? 1 : 0) - (scalars.error ? 1 : 0));
  const top = useScrollTop(scalars.selectedIndex, listRows, scalars.rows.length);
  const info = [`${scalars.rows.length} series`, `x: ${xAxis}`, `smoothing: ${smoothingLabel(weight)}`];
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
    body = scalars.rows
      .slice(top, top + listRows)
      .map((row, i) => (
        <ScalarLine
          key={`${row.metric}\u0000${row.variant}`}
          row={row}
          series={scalars.series[row.metric]?.[row.variant]}
          columns={columns}
          selected={top + i === scalars.selectedIndex}
          focused={props.focused}
          theme={theme}
        />
      ));
  }
  const header = `${cell('metric', columns.name)} ${cell('last', columns.value, 'right')} ${cell('mean', columns.value, 'right')} ${columns.spark > 0 ? 'trend' : ''}`;
  return (
    <PaneFrame title="scalars" info={info} focused={props.focused} width={props.width} height={props.height}>
      {scalars.error ? <ErrorLine error={scalars.error} width={inner.width} /> : null}
      {withHeader ? <DimLine text={header} width={inner.width} /> : null}
      {body}
    </PaneFrame>
  );
}
