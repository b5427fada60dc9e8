"""clearml-data: Dataset.create / add_files / upload / finalize (mode `create`); then, in a
second process (mode `read`), Dataset.get by id and by project/name and get_local_copy."""
import os
import sys
import tempfile

from clearml import Dataset

PROJECT = os.environ["SDK_TEST_PROJECT"]
FILES = {"a.txt": b"alpha\n", "sub/b.csv": b"x,y\n1,2\n", "sub/deeper/c.bin": bytes(range(256)) * 64}


def check(what, actual, expected):
    if actual != expected:
        print("MISMATCH %s: expected %r, got %r" % (what, expected, actual), flush=True)
        sys.exit(3)
    print("ok %s" % what, flush=True)


if sys.argv[1] == "create":
    src = tempfile.mkdtemp()
    for rel, content in FILES.items():
        path = os.path.join(src, *rel.split("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as fh:
            fh.write(content)
    dataset = Dataset.create(dataset_project=PROJECT, dataset_name="toy data")
    dataset.add_files(src)
    dataset.upload()
    dataset.finalize()
    print("DATASET_ID=%s" % dataset.id, flush=True)
    print("CREATE_DONE", flush=True)
else:
    dataset_id = os.environ["SDK_TEST_DATASET_ID"]
    check("get by id", Dataset.get(dataset_id=dataset_id).id, dataset_id)
    by_name = Dataset.get(dataset_project=PROJECT, dataset_name="toy data")
    check("get by project and name", by_name.id, dataset_id)
    check("file list", sorted(by_name.list_files()), sorted(FILES))
    local = by_name.get_local_copy()
    for rel, content in FILES.items():
        with open(os.path.join(local, *rel.split("/")), "rb") as fh:
            check("content of " + rel, fh.read(), content)
    print("READ_DONE", flush=True)
