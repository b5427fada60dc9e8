// Undoing a bulk archive gives back the list as it was, in the same order, against the embedded
// server: keys through the key router (model-driver.ts), the store read through
// model-observe.ts only.
import { afterEach, describe, expect, it } from 'vitest';
import { openDriver, type Driver } from '../../helpers/model-driver.js';
import { listedTasks, openDialog, undoOffer } from '../../helpers/model-observe.js';

let d: Driver | undefined;
afterEach(async () => {
  await d?.close();
  d = undefined;
});

const order = (drv: Driver): string[] => listedTasks(drv.state()).map((id) => drv.names[id] ?? id);

describe('undo of a bulk archive', () => {
  it('brings the three tasks back where they were, also after the next polls', async () => {
    d = await openDriver({ tasks: ['tr-apple', 'tr-kiwi', 'tr-lime', 'tr-mango', 'tr-pear'] });
    await d.settle();
    const before = order(d);
    expect(before).toEqual(['tr-pear', 'tr-mango', 'tr-lime', 'tr-kiwi', 'tr-apple']);
    d.press('g', 'space', 'j', 'space', 'j', 'space', 'a');
    expect(openDialog(d.state())?.title).toBe('Archive 3 tasks?');
    d.press('y');
    await d.fx.until((s) => undoOffer(s) !== null, 'the undo offer');
    await d.settle();
    expect(order(d)).toEqual(['tr-kiwi', 'tr-apple']);
    d.press('u');
    await d.fx.until((s) => undoOffer(s) === null && listedTasks(s).length === 5, 'the undo');
    expect(order(d), 'right after u').toEqual(before);
    await d.nextPoll('the poll after the undo');
    await d.nextPoll('the second poll after the undo');
    expect(order(d), 'after the polls that follow the undo').toEqual(before);
  });
});
