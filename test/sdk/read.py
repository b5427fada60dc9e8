"""Reads back through the unchanged ClearML SDK everything test/sdk/train.py wrote, as a user
would in a separate process, and exits non-zero (with the reason) on the first difference."""
import json
import os
import sys

from PIL import Image

from clearml import StorageManager, Task

PROJECT = os.environ["SDK_TEST_PROJECT"]
TASK_NAME = os.environ["SDK_TEST_TASK"]
TASK_ID = os.environ["SDK_TEST_TASK_ID"]
FAILED_ID = os.environ["SDK_TEST_FAILED_TASK_ID"]


def check(what, actual, expected):
    if actual != expected:
        print("MISMATCH %s: expected %r, got %r" % (what, expected, actual), flush=True)
        sys.exit(3)
    print("ok %s" % what, flush=True)


def close(what, actual, expected, tol=1e-6):
    if actual is None or abs(actual - expected) > tol:
        print("MISMATCH %s: expected %r, got %r" % (what, expected, actual), flush=True)
        sys.exit(3)
    print("ok %s" % what, flush=True)


task = Task.get_task(task_id=TASK_ID)
check("name", task.name, TASK_NAME)
check("status", task.get_status(), "completed")
check("project", task.get_project_name(), PROJECT)

by_name = Task.get_task(project_name=PROJECT, task_name=TASK_NAME)
check("get_task by name", by_name.id, TASK_ID)
tasks = Task.get_tasks(project_name=PROJECT)
check("get_tasks", sorted(t.id for t in tasks), sorted([TASK_ID, FAILED_ID]))

failed = Task.get_task(task_id=FAILED_ID)
check("failed status", failed.get_status(), "failed")
check("failed reason", failed.data.status_message, "diverged")

params = task.get_parameters()
check("param lr", params.get("General/lr"), "0.01")
check("param epochs", params.get("General/epochs"), "3")
check("param optimizer", params.get("General/optimizer"), "adam")
check("param nested", params.get("General/nested/dropout"), "0.5")
cast = task.get_parameters_as_dict(cast=True)
check("params as dict", cast["General"]["lr"], 0.01)

config_text = task.get_configuration_object("model_config")
if config_text is None or "activation" not in config_text or "relu" not in config_text:
    print("MISMATCH configuration text: %r" % (config_text,), flush=True)
    sys.exit(3)
check("configuration as dict", task.get_configuration_object_as_dict("model_config"),
      {"model": {"layers": [64, 32], "activation": "relu"}})

script = task.data.script
check("script entry point", os.path.basename(script.entry_point or ""), "train.py")
if not script.requirements:
    print("MISMATCH script requirements missing", flush=True)
    sys.exit(3)

scalars = task.get_reported_scalars()
check("scalar train x", list(scalars["loss"]["train"]["x"]), [0, 1, 2])
for got, want in zip(scalars["loss"]["train"]["y"], [1.0, 0.5, 1.0 / 3]):
    close("scalar train y", got, want)
check("scalar val x", list(scalars["loss"]["val"]["x"]), [0, 1, 2])

last = task.get_last_scalar_metrics()
close("last train", last["loss"]["train"]["last"], 1.0 / 3)
close("min train", last["loss"]["train"]["min"], 1.0 / 3)
close("max val", last["loss"]["val"]["max"], 2.0)

close("single value", task.get_reported_single_value("accuracy"), 0.93)

console = "\n".join(task.get_reported_console_output(number_of_reports=100))
for line in ["epoch 0 loss 1.0000", "epoch 2 loss 0.3333", "a free text line from report_text"]:
    if line not in console:
        print("MISMATCH console output lacks %r: %r" % (line, console[-2000:]), flush=True)
        sys.exit(3)
print("ok console", flush=True)

plots = task.get_reported_plots()
titles = sorted({(p["metric"], p["variant"]) for p in plots})
for want in [("weights", "layer1"), ("scatter", "points"), ("table", "results"), ("confusion", "cm")]:
    if want not in titles:
        print("MISMATCH plots lack %r: %r" % (want, titles), flush=True)
        sys.exit(3)
hist = next(p for p in plots if p["metric"] == "weights")
check("histogram values", json.loads(hist["plot_str"])["data"][0]["y"], [1, 2, 3, 4])
print("ok plots", flush=True)

artifacts = task.artifacts
check("artifact names", sorted(artifacts.keys()), ["data_file", "stats"])
with open(artifacts["data_file"].get_local_copy()) as fh:
    check("artifact file content", json.load(fh), {"answer": 42, "values": [1, 2, 3]})
check("artifact object", artifacts["stats"].get(), {"mean": 1.5, "count": 7})

samples = task.get_debug_samples("samples", "red")
check("debug sample count", len(samples), 1)
check("debug sample iteration", samples[0].get("iter"), 2)
image_path = StorageManager.get_local_copy(samples[0]["url"])
with Image.open(image_path) as image:
    check("debug image size", image.size, (8, 8))
    red, green, blue = image.convert("RGB").getpixel((4, 4))
    check("debug image colour", (abs(red - 200) < 10, green < 10, blue < 10), (True, True, True))

print("READ_DONE", flush=True)
