// Renders a report body (markdown) into terminal lines. `marked`'s lexer does the parsing;
// these modules lay the tokens out for a fixed width. Embedded ClearML widgets (iframes,
// links or images pointing at the web app's /widgets/ page) become lines of their own that
// carry the parsed `reports.get_task_data` request, so the UI can fetch and draw them.

export type { MarkdownOptions, RenderedLine } from './types.js';
export { renderMarkdown } from './render.js';
