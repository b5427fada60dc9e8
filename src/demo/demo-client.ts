// The part of the typed API client the demo writes through. Declared here as a structural
// type so the demo depends on operation shapes (src/wire), not on how the client is built.
import type { EventInput, AddEventsResponse } from '../wire/events.js';
import type { Endpoint, RequestOf, ResponseOf } from '../wire/operations.js';

type Call<K extends Endpoint> = (request: RequestOf<K>) => Promise<ResponseOf<K>>;

export interface DemoClient {
  projects: { create: Call<'projects.create'> };
  tasks: {
    create: Call<'tasks.create'>;
    started: Call<'tasks.started'>;
    stopped: Call<'tasks.stopped'>;
    completed: Call<'tasks.completed'>;
    failed: Call<'tasks.failed'>;
    publish: Call<'tasks.publish'>;
    getAllEx: Call<'tasks.get_all_ex'>;
    editHyperParams: Call<'tasks.edit_hyper_params'>;
    editConfiguration: Call<'tasks.edit_configuration'>;
    addOrUpdateArtifacts: Call<'tasks.add_or_update_artifacts'>;
    enqueue: Call<'tasks.enqueue'>;
  };
  queues: { getAllEx: Call<'queues.get_all_ex'>; create: Call<'queues.create'> };
  workers: {
    register: Call<'workers.register'>;
    statusReport: Call<'workers.status_report'>;
    unregister: Call<'workers.unregister'>;
  };
  models: { create: Call<'models.create'> };
  events: { addBatch: (events: EventInput[]) => Promise<AddEventsResponse> };
  reports: {
    create: Call<'reports.create'>;
    update: Call<'reports.update'>;
    publish: Call<'reports.publish'>;
    archive: Call<'reports.archive'>;
  };
  /** A token the files host accepts (debug images and artifacts are uploaded with it). */
  bearerToken(): Promise<string>;
}
