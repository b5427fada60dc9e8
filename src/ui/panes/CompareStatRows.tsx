// The compare table's rows: per series three lines, its last, min and max value for each
// marked task (text/compare-stats.ts), the best one marked; the selected series (the chart's)
// is highlighted.
import type { ReactNode } from 'react';
import { Text } from 'ink';
import type { CompareState } from '../../store/types.js';
import { statLines } from '../../text/compare-stats.js';
import { formatNumber } from '../../text/format.js';
import { cell } from '../cells.js';
import { useTheme } from '../context.js';

/** Lines each series takes. */
export const STAT_LINES = 3;
/** Columns of the stat's name (`last `, `min `, `max `) after the series name. */
export const STAT_LABEL = 5;

export function CompareStatRows(props: {
  compare: CompareState;
  /** The task columns shown. */
  ids: readonly string[];
  top: number;
  /** Series shown. */
  count: number;
  nameWidth: number;
  valueWidth: number;
  focused: boolean;
  /** Series names fitted to the column (distinct), by row index. */
  names: readonly string[];
}): ReactNode {
  const theme = useTheme();
  const { compare } = props;
  const best = theme.ascii ? '*' : '★';
  const e = theme.glyphs.ellipsis;
  return compare.rows.slice(props.top, props.top + props.count).flatMap((row, i) => {
    const selected = props.top + i === compare.selectedIndex;
    const lines = statLines(row.metric, row.variant, row.values, compare.taskIds, compare.ranges);
    return lines.map((line, k) => {
      const label =
        k === 0
          ? cell(props.names[props.top + i] ?? '', props.nameWidth - STAT_LABEL, 'left', e)
          : ''.padEnd(props.nameWidth - STAT_LABEL);
      const values = props.ids.map((_, t) => {
        const v = line.values[t] ?? null;
        const text = v === null ? '-' : formatNumber(v, props.valueWidth - 1);
        return ' ' + cell(line.best === t ? `${best}${text}` : text, props.valueWidth, 'right');
      });
      return (
        <Text
          key={`${row.metric}\u0000${row.variant}\u0000${line.stat}`}
          wrap="truncate-end"
          inverse={selected && props.focused && k === 0}
          bold={selected && !props.focused && k === 0}
          dimColor={k > 0}
        >
          {label} {line.stat.padEnd(4)}
          {values.join('')}
        </Text>
      );
    });
  });
}
