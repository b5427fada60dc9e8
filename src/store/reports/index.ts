// The `reports` slice's public face.
export { createReportsSlice } from './create.js';
export type { ReportActions, ReportsApi, ReportsSlice } from './create.js';
export { buildReportQuery, initialReports, REPORT_FIELDS } from './list.js';
export type { ReportProject, ReportRow, ReportsFilter, ReportsState } from './list.js';
export { REPORT_ACTIONS } from './changes.js';
export type { PendingReportChange, ReportActionName, ReportKeyActionId } from './changes.js';
export { detailsMaxTop } from './details.js';
export { extractWidgets, widgetsShown, MAX_CACHED_WIDGETS } from './widgets.js';
export type { WidgetData, WidgetEntry, WidgetImage, WidgetPlot, WidgetSeries, WidgetValue } from './widgets.js';
