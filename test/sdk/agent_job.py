# A standalone training script as clearml-agent runs it: its hyperparameters come from the task
# (a clone's edited values replace the defaults below), its console and scalars go to the server.
import time

from clearml import Task

task = Task.init(project_name="agent tests", task_name="agent job")
params = task.connect({"lr": 0.1, "steps": 3, "seconds_per_step": 0})
print("LR=%s" % params["lr"])
for i in range(int(params["steps"])):
    task.get_logger().report_scalar("loss", "train", value=float(params["lr"]) * (i + 1), iteration=i)
    time.sleep(float(params["seconds_per_step"]))
print("JOB_DONE")
