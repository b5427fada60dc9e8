// The run info pane in compare mode: a header with the marked runs' names, then one row per
// differing hyperparameter (marked, one value column per run), then the folded equal ones.
// The cursor moves over the rows; Enter reads the row whole (every run's value, or the equal
// parameters) in the text viewer.
import type { ReactNode } from 'react';
import { Text } from 'ink';
import { shortName } from '../../text/compare.js';
import { paramCompareLines, type ParamCompare } from '../../text/param-compare.js';
import { cell, clip } from '../cells.js';
import { useTheme } from '../context.js';
import { useScrollTop } from './use-scroll-top.js';

/** Widths: the parameter column, then one per run shown (as many as fit at 6 columns or more). */
export function paramColumns(width: number, runs: number): { label: number; value: number; shown: number } {
  const label = Math.min(24, Math.max(10, Math.floor(width * 0.3)));
  const room = Math.max(0, width - label - 2);
  const value = Math.max(6, Math.floor(room / Math.max(1, runs)) - 1);
  const shown = Math.max(1, Math.min(runs, Math.floor(room / (value + 1))));
  return { label, value, shown };
}

export function ParamCompareRows(props: {
  compare: ParamCompare;
  width: number;
  rows: number;
  selectedIndex: number;
  focused: boolean;
}): ReactNode {
  const theme = useTheme();
  const e = theme.glyphs.ellipsis;
  const { compare, width } = props;
  const lines = paramCompareLines(compare);
  const cols = paramColumns(width, compare.runs.length);
  const listRows = Math.max(0, props.rows - 1);
  const top = useScrollTop(props.selectedIndex, listRows, lines.length);
  const mark = theme.ascii ? '*' : '≠';
  const names = compare.runs
    .slice(0, cols.shown)
    .map((run) => cell(shortName(run.name, cols.value, e), cols.value, 'left', e))
    .join(' ');
  const hidden = compare.runs.length - cols.shown;
  return (
    <>
      <Text bold wrap="truncate-end">
        {clip(`  ${cell('parameter', cols.label - 2, 'left', e)} ${names}${hidden > 0 ? ` +${hidden}` : ''}`, width, e)}
      </Text>
      {lines.slice(top, top + listRows).map((line, i) => {
        const selected = top + i === props.selectedIndex;
        if (line.kind !== 'differs')
          return (
            <Text key={top + i} dimColor={!selected} inverse={selected && props.focused} wrap="truncate-end">
              {clip(`  ${line.label}`, width, e)}
            </Text>
          );
        const values = line.values
          .slice(0, cols.shown)
          .map((v) => cell(v, cols.value, 'left', e))
          .join(' ');
        return (
          <Text key={top + i} inverse={selected && props.focused} bold={selected && !props.focused} wrap="truncate-end">
            <Text color={theme.fg('yellow')}>{mark} </Text>
            <Text>{cell(line.label, cols.label - 2, 'left', e)} </Text>
            <Text>{values}</Text>
          </Text>
        );
      })}
    </>
  );
}
