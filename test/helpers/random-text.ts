/**
 * A string of 0 to `maxLength - 1` pieces, each drawn from `pieces`: the length is drawn
 * first, then one draw per piece, so a seeded `random` gives the same strings every run.
 */
export function randomText(random: () => number, pieces: readonly string[], maxLength: number): string {
  let text = '';
  const length = Math.floor(random() * maxLength);
  for (let i = 0; i < length; i++) text += pieces[Math.floor(random() * pieces.length)];
  return text;
}
