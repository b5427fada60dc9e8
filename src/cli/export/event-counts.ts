// How many events a task has of one type (for the progress bar's total): get_task_events with
// count_total and a one-event page.
import type { ApiClient } from '../../api/index.js';
import type { MetricVariants } from '../../wire/common.js';
import type { EventTypeFilter } from '../../wire/events.js';

export async function countEvents(
  client: ApiClient,
  task: string,
  eventType: EventTypeFilter,
  metrics?: MetricVariants[],
): Promise<number | undefined> {
  const res = await client.events.getTaskEvents({
    task,
    event_type: eventType,
    batch_size: 1,
    count_total: true,
    ...(metrics ? { metrics } : {}),
  });
  return typeof res.total === 'number' ? res.total : undefined;
}
