// The selected report: its facts, then its body rendered from Markdown (src/text/markdown/)
// with its embedded widgets drawn in place from the data the store fetched for them. The
// renderer loads when the pane is first drawn (markdown/on-demand.ts); until then the body is
// one "rendering" line. The pane tells the store how many lines it drew, so scrolling reaches
// the last one.
import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Text } from 'ink';
import type { ReportRow, WidgetEntry } from '../../store/types.js';
import type { RenderedLine } from '../../text/markdown/index.js';
import {
  loadMarkdown,
  markdownIfLoaded,
  onMarkdownLoaded,
  type MarkdownModule,
} from '../../text/markdown/on-demand.js';
import { sanitize } from '../../text/sanitize.js';
import { clip, formatUpdated } from '../cells.js';
import { useActions, useMonitor, useTheme } from '../context.js';
import { paneInner } from '../layout.js';
import { DimLine } from '../components/Notice.js';
import { PaneFrame } from '../components/PaneFrame.js';
import { reportStatusLook, type Theme } from '../theme.js';
import { widgetLines, type WidgetLine } from './report-widget-lines.js';
import type { PaneProps } from './types.js';

export interface DetailLine {
  text: string;
  kind: 'name' | 'fact' | 'comment' | 'body' | WidgetLine['kind'];
}

const NO_WIDGETS: Record<string, WidgetEntry> = {};

/**
 * Header lines (name, facts, tags, comment) and the rendered body with its widgets, each at
 * most `width` wide. `markdown` null: the renderer is loading (or failed to: `loadError`).
 */
export function reportDetailLines(
  row: ReportRow,
  width: number,
  reference: number,
  theme: Theme,
  hyperlinks: boolean,
  markdown: MarkdownModule | null,
  widgets: Record<string, WidgetEntry> = NO_WIDGETS,
  loadError: string | null = null,
): DetailLine[] {
  const e = theme.glyphs.ellipsis;
  const sep = ` ${theme.glyphs.separator} `;
  const lines: DetailLine[] = [{ kind: 'name', text: clip(sanitize(row.name) || '(no name)', width, e) }];
  const facts = [reportStatusLook(row.status, theme).label];
  if (row.archived) facts.push('archived');
  if (row.project) facts.push(`project ${sanitize(row.project)}`);
  if (row.user) facts.push(`by ${sanitize(row.user)}`);
  facts.push(`updated ${formatUpdated(row.lastUpdate, reference)}`);
  lines.push({ kind: 'fact', text: clip(facts.join(sep), width, e) });
  if (row.tags.length > 0)
    lines.push({ kind: 'fact', text: clip(`tags: ${row.tags.map((t) => sanitize(t)).join(', ')}`, width, e) });
  if (row.comment.trim() !== '') lines.push({ kind: 'comment', text: clip(sanitize(row.comment), width, e) });
  lines.push({ kind: 'body', text: '' });
  if (markdown === null) {
    const note = loadError === null ? `rendering${e}` : `cannot render the body: ${sanitize(loadError)}`;
    lines.push({ kind: loadError === null ? 'note' : 'error', text: clip(note, width, e) });
    return lines;
  }
  const rendered: RenderedLine[] = markdown.renderMarkdown(row.body, {
    width,
    color: theme.color,
    hyperlinks,
    ascii: theme.ascii,
  });
  for (const line of rendered) {
    if (line.kind === 'widget')
      lines.push(...widgetLines(line.widget, widgets[line.widget.url], width, theme, hyperlinks));
    else lines.push({ kind: 'body', text: line.text });
  }
  return lines;
}

function lineColor(kind: DetailLine['kind'], theme: Theme): ReturnType<Theme['fg']> {
  if (kind === 'error') return theme.fg('red');
  if (kind === 'link') return theme.fg('blue');
  if (kind === 'title') return theme.fg('cyan');
  return undefined;
}

/** The markdown renderer once loaded (the first call starts loading it), and why it failed to. */
function useMarkdown(): { markdown: MarkdownModule | null; loadError: string | null } {
  const markdown = useSyncExternalStore(onMarkdownLoaded, markdownIfLoaded);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    if (markdown !== null) return;
    let live = true;
    loadMarkdown().catch((err: unknown) => {
      if (live) setLoadError(err instanceof Error ? err.message : String(err));
    });
    return () => {
      live = false;
    };
  }, [markdown]);
  return { markdown, loadError };
}

export function ReportDetailsPane(props: PaneProps & { hyperlinks?: boolean }): ReactNode {
  const theme = useTheme();
  const { markdown, loadError } = useMarkdown();
  const actions = useActions();
  const selectedId = useMonitor((s) => s.reports.selectedId);
  const row = useMonitor((s) => (s.reports.selectedId === null ? undefined : s.reports.byId[s.reports.selectedId]));
  const widgets = useMonitor((s) => s.reports.widgets);
  const detailsTop = useMonitor((s) => s.reports.detailsTop);
  const reference = useMonitor((s) => s.reports.fetchedAt ?? 0);
  const loading = useMonitor((s) => s.reports.loading);
  const inner = paneInner(props);
  const hyperlinks = props.hyperlinks === true;
  const lines = useMemo(
    () =>
      row === undefined
        ? []
        : reportDetailLines(row, inner.width, reference, theme, hyperlinks, markdown, widgets, loadError),
    [row, inner.width, reference, theme, hyperlinks, markdown, widgets, loadError],
  );
  useEffect(() => {
    if (row !== undefined) actions.setDetailsLineCount(lines.length);
  }, [actions, row, lines.length]);
  const top = Math.min(detailsTop, Math.max(0, lines.length - inner.height));
  const more = lines.length > top + inner.height;

  let body: ReactNode;
  if (selectedId === null || row === undefined)
    body = (
      <DimLine text={loading ? `loading reports${theme.glyphs.ellipsis}` : 'no report selected'} width={inner.width} />
    );
  else
    body = lines.slice(top, top + inner.height).map((line, i) => (
      <Text
        key={top + i}
        wrap="truncate-end"
        bold={line.kind === 'name' || line.kind === 'title'}
        dimColor={line.kind === 'fact' || line.kind === 'note'}
        italic={line.kind === 'comment'}
        color={lineColor(line.kind, theme)}
      >
        {line.text === '' ? ' ' : line.text}
      </Text>
    ));
  const info =
    lines.length > inner.height ? `line ${top + 1}/${lines.length}${more ? ` ${theme.glyphs.down}` : ''}` : '';
  return (
    <PaneFrame title="details" info={info} focused={props.focused} width={props.width} height={props.height}>
      {body}
    </PaneFrame>
  );
}
