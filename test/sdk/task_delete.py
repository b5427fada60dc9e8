"""Task.delete() through the SDK: mode `draft` deletes a task made by Task.create, mode
`artifacts` first uploads an artifact to the files host. Each prints what it deleted."""
import os
import sys

from clearml import Task


def check(what, actual, expected):
    if actual != expected:
        print("MISMATCH %s: expected %r, got %r" % (what, expected, actual), flush=True)
        sys.exit(3)
    print("ok %s" % what, flush=True)


project = os.environ["SDK_TEST_PROJECT"]
task = Task.create(project_name=project, task_name="to delete (%s)" % sys.argv[1])
task_id = task.id
print("TASK_ID=%s" % task_id, flush=True)
if sys.argv[1] == "artifacts":
    task.upload_artifact("a", artifact_object={"x": 1}, wait_on_upload=True)
    task.reload()
    uri = task.artifacts["a"].url
    check("artifact uploaded to the files host", uri.startswith(os.environ["CLEARML_FILES_HOST"]), True)
    print("ARTIFACT_URI=%s" % uri, flush=True)
check("deleted", bool(task.delete()), True)
print("DELETE_DONE", flush=True)
