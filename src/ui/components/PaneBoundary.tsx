// An error boundary per pane: a record the pane cannot draw shows as an error inside that
// pane's frame; the rest of the monitor keeps running. It tries again when the pane's data
// changes (`resetKey`).
import { Component, type ReactNode } from 'react';
import { Text } from 'ink';
import { sanitize, truncateToWidth } from '../../text/sanitize.js';
import { ThemeContext } from '../context.js';
import type { Theme } from '../theme.js';
import { PaneFrame } from './PaneFrame.js';

interface Props {
  /** When this changes after an error, the pane is drawn again. */
  resetKey: unknown;
  width: number;
  /** Draw the error inside a pane frame of this title and height (else as one line). */
  frame?: { title: string; height: number; focused: boolean };
  children: ReactNode;
}

interface State {
  error: unknown;
  /** The resetKey the error happened with (UNSET until the error is committed). */
  failedKey: unknown;
}

const NO_ERROR: unique symbol = Symbol('no error');
const UNSET: unique symbol = Symbol('unset');

export function describeRenderError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return sanitize(message) || 'unknown error';
}

export class PaneBoundary extends Component<Props, State> {
  static override contextType = ThemeContext;
  declare context: Theme;
  override state: State = { error: NO_ERROR, failedKey: UNSET };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failedKey: UNSET };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // New data since the failure: try drawing it.
    if (state.error !== NO_ERROR && state.failedKey !== UNSET && state.failedKey !== props.resetKey)
      return { error: NO_ERROR, failedKey: UNSET };
    return null;
  }

  override componentDidCatch(): void {
    this.setState({ failedKey: this.props.resetKey });
  }

  override render(): ReactNode {
    if (this.state.error === NO_ERROR) return this.props.children;
    const { frame, width } = this.props;
    const inner = frame === undefined ? width : Math.max(0, width - 2);
    const line = (
      <Text color={this.context.fg('red')} wrap="truncate-end">
        {truncateToWidth(`cannot show this pane: ${describeRenderError(this.state.error)}`, inner, {
          ellipsis: this.context.glyphs.ellipsis,
        })}
      </Text>
    );
    if (frame === undefined) return line;
    return (
      <PaneFrame title={frame.title} focused={frame.focused} width={width} height={frame.height}>
        {line}
      </PaneFrame>
    );
  }
}
