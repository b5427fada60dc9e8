# Task.clone, Task.enqueue and Task.dequeue of the SDK, as a user drives a cluster from Python:
# clone a finished run, queue the clone by queue name, take it out of line again.
import os

from clearml import Task

source = Task.init(project_name=os.environ["SDK_TEST_PROJECT"], task_name="queueing source")
source.connect({"lr": 0.1})
source.close()

clone = Task.clone(source_task=source.id, name="queueing clone")
print("CLONE_ID=" + clone.id)
print("CLONE_STATUS=" + clone.get_status())
print("SOURCE_ID=" + source.id)
print("CLONE_PARENT=" + str(clone.parent))

queued = Task.enqueue(clone, queue_name=os.environ["SDK_TEST_QUEUE"])
print("QUEUED=%s" % queued.queued)
print("QUEUED_STATUS=" + Task.get_task(task_id=clone.id).get_status())
print("ENQUEUED_COUNT=%d" % Task.get_num_enqueued_tasks(queue_name=os.environ["SDK_TEST_QUEUE"]))

dequeued = Task.dequeue(clone)
print("DEQUEUED=%s" % dequeued.dequeued)
print("DEQUEUED_STATUS=" + Task.get_task(task_id=clone.id).get_status())
print("QUEUEING_DONE")
