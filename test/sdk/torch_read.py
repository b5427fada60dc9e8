"""Reads back through the SDK, in a second process, what torch_train.py wrote; exits non-zero
(with the reason) on the first difference."""
import json
import os
import sys

import torch

from clearml import Task


def check(what, actual, expected):
    if actual != expected:
        print("MISMATCH %s: expected %r, got %r" % (what, expected, actual), flush=True)
        sys.exit(3)
    print("ok %s" % what, flush=True)


task = Task.get_task(task_id=os.environ["SDK_TEST_TASK_ID"])
check("status", task.get_status(), "completed")
check("user properties", task.get_user_properties(value_only=True), {"gpu_type": "A100"})
params = task.get_parameters()
check("argparse lr", params.get("Args/lr"), "0.05")
check("argparse epochs", params.get("Args/epochs"), "3")

outputs = task.models["output"]
check("one output model", len(outputs), 1)
state = torch.load(outputs[0].get_local_copy())
check("checkpoint weights", {k: v.flatten().tolist() for k, v in state.items()}, json.loads(os.environ["WEIGHTS"]))
check("output model framework", outputs[0].framework, "PyTorch")

frame = task.artifacts["losses"].get()
check("pandas artifact", [list(frame["epoch"]), list(frame["loss"])], [[0, 1, 2], json.loads(os.environ["LOSSES"])])

titles = sorted({p["metric"] for p in task.get_reported_plots()})
check("matplotlib figure", "loss curve" in titles, True)
print("READ_DONE", flush=True)
