// The part of the API client the store uses. The real client (src/api) satisfies it; naming
// only the services we call keeps the store independent of how the client is assembled.
import type { ServiceClients } from '../api/services.js';

export type StoreClient = Pick<
  ServiceClients,
  'reports' | 'events' | 'projects' | 'tasks' | 'models' | 'users' | 'queues' | 'workers'
>;
