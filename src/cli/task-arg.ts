// `tracktop TASK`: the task to open with, given as its id or as the results-page URL the
// ClearML SDK prints (`http://host/projects/<project>/experiments/<id>/output/log`).

const TASK_ID = /^[0-9a-f]{32}$/i;
const RESULTS_PATH = /\/experiments\/([0-9a-f]{32})(?:[/?#]|$)/i;

/** The task id a word names, or undefined when it is neither an id nor a results-page URL. */
export function taskIdFrom(word: string): string | undefined {
  const text = word.trim();
  if (TASK_ID.test(text)) return text.toLowerCase();
  if (!/^https?:\/\//i.test(text)) return undefined;
  let path: string;
  try {
    path = new URL(text).pathname;
  } catch {
    return undefined;
  }
  return RESULTS_PATH.exec(path)?.[1]?.toLowerCase();
}
