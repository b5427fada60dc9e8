"""A training script that raises after Task.init (mode `run`): it must exit with its own status
and leave the task failed with its traceback; mode `read` checks that in a second process."""
import os
import sys

from clearml import Task


def check(what, actual, expected):
    if actual != expected:
        print("MISMATCH %s: expected %r, got %r" % (what, expected, actual), flush=True)
        sys.exit(3)
    print("ok %s" % what, flush=True)


if sys.argv[1] == "run":
    task = Task.init(project_name=os.environ["SDK_TEST_PROJECT"], task_name="crashing run")
    print("TASK_ID=%s" % task.id, flush=True)
    print("step 1 done", flush=True)
    raise RuntimeError("loss exploded at step 2")
else:
    task = Task.get_task(task_id=os.environ["SDK_TEST_TASK_ID"])
    check("status", task.get_status(), "failed")
    console = "\n".join(task.get_reported_console_output(number_of_reports=100))
    check("traceback in the console", "RuntimeError: loss exploded at step 2" in console, True)
    check("traceback in the status reason", "loss exploded at step 2" in (task.data.status_reason or ""), True)
    print("READ_DONE", flush=True)
