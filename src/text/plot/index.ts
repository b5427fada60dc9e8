// Renders a ClearML plot event's `plot_str` (a Plotly figure as JSON) as terminal rows.
// Every row fits `width` display columns and there are at most `height` rows. Payloads come
// from any reporting script, so nothing here trusts their shape: bad input gives a row that
// says so, never an exception.

export type { PlotTextOptions } from './options.js';
export { plotToText } from './render.js';
export { plotSummary } from './summary.js';
