// Options, results, and the styled fragments the markdown renderer lays out.

import type { ReportWidget } from '../report-widgets.js';

export interface MarkdownOptions {
  width: number;
  color: boolean;
  hyperlinks: boolean;
  /** Avoid box-drawing and other non-ASCII decoration. */
  ascii?: boolean;
}

export type RenderedLine = { kind: 'text'; text: string } | { kind: 'widget'; widget: ReportWidget; source: string };

export interface Style {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  dim?: boolean;
  code?: boolean;
  href?: string;
}

export interface Frag {
  text: string;
  style: Style;
}

export type Out = { kind: 'text'; frags: Frag[] } | { kind: 'widget'; widget: ReportWidget; source: string };

export type InlineItem =
  { kind: 'frag'; frag: Frag } | { kind: 'break' } | { kind: 'widget'; widget: ReportWidget; source: string };

export interface Ctx {
  width: number;
  color: boolean;
  hyperlinks: boolean;
  ascii: boolean;
}
