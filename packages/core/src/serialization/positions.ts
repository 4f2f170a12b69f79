/** 1-based line and column of a UTF-16 offset in a text (one scan; use lineIndex for many lookups). */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  return lineIndex(text)(offset);
}

/**
 * A function giving the 1-based line and column of offsets in `text`: the
 * line starts are found once, then each lookup is a binary search.
 */
export function lineIndex(text: string): (offset: number) => { line: number; column: number } {
  const starts: number[] = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    const at = Math.max(0, Math.min(offset, text.length));
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] as number) <= at) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: at - (starts[low] as number) + 1 };
  };
}
