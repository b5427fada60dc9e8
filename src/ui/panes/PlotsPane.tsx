// Plots of the selected task drawn as text (src/text/plot/), then its debug images as
// links. `plotsTop` is the first item shown; j/k step through the items. When the item at the
// top is a debug image, the pane draws that image (image-view-lines.ts) instead of the list.
import { useContext, useEffect, useMemo, type ReactNode } from 'react';
import { Text } from 'ink';
import type { ArtifactsState, DebugImageItem } from '../../store/types.js';
import { plural } from '../../text/format.js';
import { plotToText } from '../../text/plot/index.js';
import { sanitize } from '../../text/sanitize.js';
import { clip } from '../cells.js';
import { useActions, useMonitor, useTheme } from '../context.js';
import { GraphicsContext, WebUiContext } from '../terminal-graphics.js';
import { taskWebUrl } from '../../text/hyperlink.js';
import { imageViewLines } from './image-view-lines.js';
import { paneInner } from '../layout.js';
import { DimLine, ErrorLine } from '../components/Notice.js';
import { PaneFrame } from '../components/PaneFrame.js';
import type { Theme } from '../theme.js';
import { seriesName } from './ScalarsPane.js';
import type { PaneProps } from './types.js';

/** Rows given to one plot at most, so the next item is reachable without scrolling far. */
const MAX_PLOT_ROWS = 18;

export interface PlotPaneLine {
  text: string;
  kind: 'title' | 'plot' | 'link' | 'note';
}

/** The pane's lines from item `top` on, at most `height` of them, each at most `width` wide. */
export function plotPaneLines(artifacts: ArtifactsState, width: number, height: number, theme: Theme): PlotPaneLine[] {
  const plots = artifacts.plots.items;
  const images = artifacts.images.items;
  const lines: PlotPaneLine[] = [];
  const room = (): number => height - lines.length;
  const e = theme.glyphs.ellipsis;
  for (let i = artifacts.plotsTop; i < plots.length + images.length && room() > 0; i++) {
    const plot = plots[i];
    if (plot !== undefined) {
      lines.push({
        kind: 'title',
        text: clip(
          `${seriesName(plot.metric, plot.variant, theme)} ${theme.glyphs.separator} iter ${plot.iter}`,
          width,
          e,
        ),
      });
      const rows = Math.min(room(), MAX_PLOT_ROWS);
      if (rows > 0)
        for (const text of plotToText(plot.plotStr, { width, height: rows, color: theme.color, ascii: theme.ascii }))
          lines.push({ kind: 'plot', text });
      continue;
    }
    const image = images[i - plots.length];
    if (image === undefined) continue;
    if (i === plots.length || i === artifacts.plotsTop)
      lines.push({ kind: 'note', text: clip('debug images', width, e) });
    if (room() <= 0) break;
    const label = `${seriesName(image.metric, image.variant, theme)} ${theme.glyphs.separator} iter ${image.iter}  `;
    lines.push({ kind: 'link', text: clip(label + sanitize(image.url), width, e) });
  }
  return lines.slice(0, Math.max(0, height));
}

/** The debug image at the pane's top, if the top item is one. */
export function topImage(artifacts: ArtifactsState): DebugImageItem | undefined {
  return artifacts.images.items[artifacts.plotsTop - artifacts.plots.items.length];
}

export function PlotsPane(props: PaneProps): ReactNode {
  const theme = useTheme();
  const graphics = useContext(GraphicsContext);
  const webServer = useContext(WebUiContext);
  const actions = useActions();
  const artifacts = useMonitor((s) => s.artifacts);
  const imageView = useMonitor((s) => s.imageView);
  const hasTask = useMonitor((s) => s.tasks.selectedId !== null);
  const inner = paneInner(props);
  const errors = [artifacts.plots.error, artifacts.images.error].filter((e) => e !== null);
  const bodyRows = Math.max(0, inner.height - errors.length);
  const image = topImage(artifacts);
  const taskId = artifacts.taskId;
  useEffect(() => {
    actions.showImage(
      image === undefined || taskId === null
        ? null
        : { taskId, metric: image.metric, variant: image.variant, iteration: image.iter, url: image.url },
    );
  }, [actions, taskId, image]);
  const shown = image !== undefined && imageView.taskId === taskId;
  const lines = useMemo(
    () =>
      shown
        ? imageViewLines(
            imageView,
            seriesName(imageView.metric, imageView.variant, theme),
            inner.width,
            bodyRows,
            theme,
            graphics.mode,
            true,
            webServer === undefined || taskId === null ? null : taskWebUrl(webServer, taskId),
          )
        : plotPaneLines(artifacts, inner.width, bodyRows, theme),
    [shown, imageView, artifacts, inner.width, bodyRows, theme, graphics.mode, webServer, taskId],
  );
  const count = artifacts.plots.items.length + artifacts.images.items.length;
  const loading = artifacts.plots.loading || artifacts.images.loading;
  const plots = artifacts.plots.items.length;
  const images = artifacts.images.items.length;
  const info = `${plots} ${plural(plots, 'plot')} ${theme.glyphs.separator} ${images} ${plural(images, 'image')}${count > 0 ? ` ${theme.glyphs.separator} item ${Math.min(artifacts.plotsTop + 1, count)}/${count}` : ''}`;

  let body: ReactNode;
  if (!hasTask) body = <DimLine text="no task selected" width={inner.width} />;
  else if (count === 0)
    body = (
      <DimLine
        text={loading ? `loading plots${theme.glyphs.ellipsis}` : 'no plots or debug images'}
        width={inner.width}
      />
    );
  else
    body = lines.map((line, i) => (
      <Text
        key={i}
        wrap="truncate-end"
        bold={line.kind === 'title'}
        dimColor={line.kind === 'note'}
        color={line.kind === 'link' ? theme.fg('blue') : line.kind === 'error' ? theme.fg('red') : undefined}
      >
        {line.text === '' ? ' ' : line.text}
      </Text>
    ));
  return (
    <PaneFrame title="plots & images" info={info} focused={props.focused} width={props.width} height={props.height}>
      {errors.map((error, i) => (
        <ErrorLine key={i} error={error} width={inner.width} />
      ))}
      {body}
    </PaneFrame>
  );
}
