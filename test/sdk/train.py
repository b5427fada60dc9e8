"""An unchanged ClearML SDK training script: every common-path call, with values the reader checks.

Run by test/sdk/sdk.test.ts against `tracktop serve`; prints the task id as `TASK_ID=<id>`.
"""
import json
import os
import tempfile

import numpy as np
from PIL import Image

from clearml import Logger, Task

PROJECT = os.environ["SDK_TEST_PROJECT"]
TASK_NAME = os.environ["SDK_TEST_TASK"]

# A run that fails, as a script catching its own error would mark it (created first, so the
# training run below is the newest task the monitor selects).
failing = Task.create(project_name=PROJECT, task_name=TASK_NAME + " (failing)")
failing.mark_started()
failing.mark_failed(status_reason="loss is NaN", status_message="diverged")
print("FAILED_TASK_ID=%s" % failing.id, flush=True)

task = Task.init(project_name=PROJECT, task_name=TASK_NAME)
print("TASK_ID=%s" % task.id, flush=True)

params = {"lr": 0.01, "epochs": 3, "optimizer": "adam", "nested": {"dropout": 0.5}}
params = task.connect(params)
config = {"model": {"layers": [64, 32], "activation": "relu"}}
task.connect_configuration(config, name="model_config")

logger = Logger.current_logger()
for it in range(3):
    logger.report_scalar("loss", "train", value=1.0 / (it + 1), iteration=it)
    logger.report_scalar("loss", "val", value=2.0 / (it + 1), iteration=it)
    print("epoch %d loss %.4f" % (it, 1.0 / (it + 1)))

logger.report_histogram("weights", "layer1", values=[1, 2, 3, 4], iteration=2, xlabels=["a", "b", "c", "d"])
logger.report_scatter2d("scatter", "points", scatter=[[0, 1], [1, 3], [2, 5]], iteration=2, mode="markers")
logger.report_table("table", "results", iteration=2, table_plot=[["name", "score"], ["a", 1], ["b", 2]])
logger.report_confusion_matrix("confusion", "cm", matrix=np.array([[5, 1], [2, 7]]), iteration=2)
logger.report_text("a free text line from report_text")
logger.report_single_value("accuracy", 0.93)

image = np.zeros((8, 8, 3), dtype=np.uint8)
image[:, :, 0] = 200
logger.report_image("samples", "red", iteration=2, image=image)

artifact_path = os.path.join(tempfile.mkdtemp(), "data.json")
with open(artifact_path, "w") as fh:
    json.dump({"answer": 42, "values": [1, 2, 3]}, fh)
task.upload_artifact("data_file", artifact_object=artifact_path, wait_on_upload=True)
task.upload_artifact("stats", artifact_object={"mean": 1.5, "count": 7}, wait_on_upload=True)

logger.flush()
task.flush(wait_for_uploads=True)
task.mark_completed()
task.close()
print("TRAIN_DONE", flush=True)
