# What a user does to run a script again on the cluster with other hyperparameters: create a task
# from the script (it travels in script.diff, no git repository needed), clone it, change a
# parameter of the clone and enqueue the clone. With AGENT_SOURCE_ONLY the task is only created,
# with the script's parameters set, for the monitor's rerun (`e`) to clone and enqueue.
import os

from clearml import Task

source = Task.create(project_name="agent tests", task_name="agent job", script="agent_job.py", packages=[])
if os.environ.get("AGENT_SOURCE_ONLY"):
    for name, value in (("lr", "0.1"), ("steps", "3"), ("seconds_per_step", "0")):
        source.set_parameter("General/" + name, value)
    print("SOURCE_ID=" + source.id)
    raise SystemExit(0)
print("SOURCE_ID=" + source.id)
clone = Task.clone(source_task=source, name=os.environ["AGENT_CLONE_NAME"])
for name, value in (("lr", os.environ.get("AGENT_LR")), ("steps", os.environ.get("AGENT_STEPS"))):
    if value:
        clone.set_parameter("General/" + name, value)
clone.set_parameter("General/seconds_per_step", os.environ.get("AGENT_SECONDS_PER_STEP", "0"))
Task.enqueue(clone, queue_name="default")
print("CLONE_ID=" + clone.id)
