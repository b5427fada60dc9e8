# Prints Task.get_last_scalar_metrics() of the task named on the command line, as JSON.
import json
import sys

from clearml import Task

print("LAST=" + json.dumps(Task.get_task(task_id=sys.argv[1]).get_last_scalar_metrics()), flush=True)
