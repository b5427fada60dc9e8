"""Ordinary PyTorch training code with Task.init's defaults: argparse, matplotlib, a torch.save
checkpoint that the SDK's framework hook registers as the output model, a pandas artifact and a
user property. Run by test/sdk/sdk.test.ts; torch_read.py reads it back."""
import argparse
import json
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402
import torch  # noqa: E402
from torch import nn  # noqa: E402

from clearml import Task  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("--lr", type=float, default=0.05)
parser.add_argument("--epochs", type=int, default=3)
args = parser.parse_args()

task = Task.init(project_name=os.environ["SDK_TEST_PROJECT"], task_name="torch regression")
print("TASK_ID=%s" % task.id, flush=True)
task.set_user_properties(gpu_type="A100")

torch.manual_seed(0)
model = nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=args.lr)
x = torch.randn(64, 2)
y = x @ torch.tensor([[2.0], [-1.0]]) + 0.5
losses = []
for epoch in range(args.epochs):
    optimizer.zero_grad()
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    optimizer.step()
    losses.append(round(loss.item(), 6))
    print("epoch %d loss %.4f" % (epoch, loss.item()), flush=True)
torch.save(model.state_dict(), "checkpoint.pt")
print("WEIGHTS=%s" % json.dumps({k: v.flatten().tolist() for k, v in model.state_dict().items()}), flush=True)

plt.figure()
plt.plot(losses)
plt.title("loss curve")
plt.show()

task.upload_artifact("losses", artifact_object=pd.DataFrame({"epoch": list(range(args.epochs)), "loss": losses}))
print("LOSSES=%s" % json.dumps(losses), flush=True)
print("TRAIN_DONE", flush=True)
