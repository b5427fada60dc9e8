// Shared by the markdown renderer tests: rendering at a width, reading the text back without
// escape sequences, and a sample report body.
import stringWidth from 'string-width';
import { expect } from 'vitest';
import { renderMarkdown, type MarkdownOptions, type RenderedLine } from '../../src/text/markdown/index.js';

export const SGR = /\u001b\[[0-9;]*m/g;
export const OSC8 = /\u001b\]8;;[^\u001b]*\u001b\\/g;

export function visible(text: string): string {
  return text.replace(OSC8, '').replace(SGR, '');
}

export function texts(lines: RenderedLine[]): string[] {
  return lines.flatMap((l) => (l.kind === 'text' ? [l.text] : []));
}

export function plainTexts(lines: RenderedLine[]): string[] {
  return texts(lines).map(visible);
}

export function expectFits(lines: RenderedLine[], width: number): void {
  for (const text of texts(lines)) expect(stringWidth(visible(text)), JSON.stringify(text)).toBeLessThanOrEqual(width);
}

export function render(md: string, extra: Partial<MarkdownOptions> = {}): RenderedLine[] {
  return renderMarkdown(md, { width: 40, color: false, hyperlinks: false, ...extra });
}

const WIDGET_SRC =
  'https://app.clear.ml/widgets/?objectType=task&amp;xaxis=iter&amp;type=scalar&amp;metrics=loss&amp;variants=train&amp;objects=79bc628903a3423a83d13013e2c4b9ab';

export const REPORT = `# Training report

This week we trained **three** models with *cosine* decay and \`lr=0.001\`,
then compared them against the baseline that used a much larger batch size.

## Results

- ResNet variants
  - resnet50 with the default augmentation pipeline and label smoothing
    1. first seed
    2. second seed
- ViT baseline
- [x] reviewed

> Validation loss stopped improving after epoch 40.
> > Nested remark about early stopping.

\`\`\`python
for epoch in range(100):  # the loop that trains every model for one hundred epochs
    train(epoch)
\`\`\`

    indented block

| model | top-1 accuracy | top-5 accuracy | notes about the run |
|:------|---------------:|:--------------:|---------------------|
| resnet50 | 0.912 | 0.987 | baseline with default augmentation |
| vit-b16 | 0.934 | 0.991 | pretrained on imagenet-21k |

---

See [the dashboard](https://app.clear.ml/projects) and ![confusion](https://files.example.com/cm.png).

<iframe src="${WIDGET_SRC}" width="100%" height="400"></iframe>
`;
