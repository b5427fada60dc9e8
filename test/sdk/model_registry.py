"""OutputModel with labels, tags and metadata, published; then (mode `read`, a second process)
Model.query_models and InputModel read it back. Run by test/sdk/sdk.test.ts."""
import os
import sys
import tempfile

from clearml import InputModel, Model, OutputModel, Task

PROJECT = os.environ["SDK_TEST_PROJECT"]
CONTENT = b"\x00\x01weights" * 100
LABELS = {"cat": 1, "dog": 2}


def check(what, actual, expected):
    if actual != expected:
        print("MISMATCH %s: expected %r, got %r" % (what, expected, actual), flush=True)
        sys.exit(3)
    print("ok %s" % what, flush=True)


if sys.argv[1] == "write":
    task = Task.init(project_name=PROJECT, task_name="model registry")
    weights = os.path.join(tempfile.mkdtemp(), "weights.bin")
    with open(weights, "wb") as fh:
        fh.write(CONTENT)
    model = OutputModel(task=task, name="lenet", tags=["best"], label_enumeration=LABELS, framework="PyTorch")
    model.set_metadata("accuracy", "0.93", v_type="float")
    model.update_weights(weights_filename=weights, iteration=7, auto_delete_file=False)
    model.publish()
    print("MODEL_ID=%s" % model.id, flush=True)
    task.close()
    print("WRITE_DONE", flush=True)
else:
    model_id = os.environ["SDK_TEST_MODEL_ID"]
    found = Model.query_models(project_name=PROJECT, model_name="lenet", tags=["best"])
    check("query_models by name and tag", [m.id for m in found], [model_id])
    check("query_models by metadata", [m.id for m in Model.query_models(metadata={"accuracy": "0.93"})], [model_id])
    check("query_models excludes others", Model.query_models(metadata={"accuracy": "0.5"}), [])
    back = InputModel(model_id=model_id)
    check("labels", back.labels, LABELS)
    check("tags", back.tags, ["best"])
    check("framework", back.framework, "PyTorch")
    check("metadata", back.get_metadata("accuracy"), "0.93")
    check("published", back.published, True)
    with open(back.get_local_copy(), "rb") as fh:
        check("weights content", fh.read(), CONTENT)
    task = Task.get_task(project_name=PROJECT, task_name="model registry")
    check("task output models", [m.id for m in task.models["output"]], [model_id])
    print("READ_DONE", flush=True)
