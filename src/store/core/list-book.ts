// What the task and report lists each keep besides their state: the paging cursor and the
// triage changes' sequence and undo record.
import { initialPaging, type ListPaging } from './list-paging.js';
import { createTriageHistory, type TriageHistory } from './triage.js';

export interface ListBook {
  paging: ListPaging;
  triage: TriageHistory;
}

export function initialListBook(pageSize: number): ListBook {
  return { paging: initialPaging(pageSize), triage: createTriageHistory() };
}
