// The selected task's single values (`get_task_single_value_metrics`) as a table.
import type { ReactNode } from 'react';
import { Text } from 'ink';
import { counted, formatNumber } from '../../text/format.js';
import { cell } from '../cells.js';
import { useMonitor, useTheme } from '../context.js';
import { paneInner } from '../layout.js';
import { DimLine, ErrorLine } from '../components/Notice.js';
import { PaneFrame } from '../components/PaneFrame.js';
import { seriesName } from './ScalarsPane.js';
import type { PaneProps } from './types.js';

export function SummaryPane(props: PaneProps): ReactNode {
  const theme = useTheme();
  const section = useMonitor((s) => s.artifacts.singleValues);
  const top = useMonitor((s) => s.artifacts.summaryTop);
  const hasTask = useMonitor((s) => s.tasks.selectedId !== null);
  const inner = paneInner(props);
  const valueWidth = Math.min(16, Math.max(8, Math.floor(inner.width / 3)));
  const nameWidth = Math.max(0, inner.width - valueWidth - 1);
  const rows = Math.max(0, inner.height - (section.error ? 1 : 0));
  const count = section.items.length;

  let body: ReactNode;
  if (!hasTask) body = <DimLine text="no task selected" width={inner.width} />;
  else if (count === 0)
    body = (
      <DimLine
        text={section.loading ? `loading single values${theme.glyphs.ellipsis}` : 'no single values reported'}
        width={inner.width}
      />
    );
  else
    body = section.items.slice(top, top + rows).map((item, i) => (
      <Text key={`${top + i}`} wrap="truncate-end">
        {cell(seriesName(item.metric, item.variant, theme), nameWidth, 'left', theme.glyphs.ellipsis)}{' '}
        <Text bold>{cell(formatNumber(item.value, valueWidth), valueWidth, 'right')}</Text>
      </Text>
    ));
  const info =
    count > 0 ? `${counted(count, 'value')}${count > rows ? ` ${theme.glyphs.separator} from ${top + 1}` : ''}` : '';
  return (
    <PaneFrame title="summary" info={info} focused={props.focused} width={props.width} height={props.height}>
      {section.error ? <ErrorLine error={section.error} width={inner.width} /> : null}
      {body}
    </PaneFrame>
  );
}
