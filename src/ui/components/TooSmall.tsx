// Shown below the minimum size instead of the panes; every key but `q` (quit) is ignored.
import type { ReactNode } from 'react';
import { Box, Text } from 'ink';
import { clip } from '../cells.js';
import { MIN_COLS, MIN_ROWS } from '../layout.js';

export function tooSmallLines(cols: number, rows: number): string[] {
  return ['terminal too small', `need ${MIN_COLS}x${MIN_ROWS}, have ${cols}x${rows}`, 'q quits'];
}

export function TooSmall(props: { cols: number; rows: number; height: number }): ReactNode {
  const lines = tooSmallLines(props.cols, props.rows).slice(0, Math.max(1, props.height));
  return (
    <Box flexDirection="column" width={props.cols} height={props.height}>
      {lines.map((line, i) => (
        <Text key={i} wrap="truncate-end" bold={i === 0}>
          {clip(line, props.cols)}
        </Text>
      ))}
    </Box>
  );
}
