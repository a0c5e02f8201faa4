// An inline word diff of two texts (decision 055): the words kept, deleted and inserted, in
// reading order. Pure; the History tab shows it with <del>/<ins>.

export type WordPart = { op: 'same' | 'del' | 'ins'; text: string };

/** Above this many cells of the comparison table, the changed middle is shown as replaced whole. */
const MAX_CELLS = 4_000_000;

/** Words and the runs of spaces between them, so that joining the tokens gives the text back exactly. */
export function tokenize(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

function push(parts: WordPart[], op: WordPart['op'], text: string) {
  if (!text) return;
  const last = parts[parts.length - 1];
  if (last && last.op === op) last.text += text;
  else parts.push({ op, text });
}

/**
 * The parts that turn `before` into `after`: a longest common subsequence of their words and
 * spaces. Equal texts answer one `same` part; the joined
 * `same`+`del` parts are `before`, the joined `same`+`ins` parts are `after`.
 */
export function wordDiff(before: string, after: string): WordPart[] {
  const a = tokenize(before);
  const b = tokenize(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const parts: WordPart[] = [];
  push(parts, 'same', a.slice(0, start).join(''));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const n = midA.length;
  const m = midB.length;
  if (n * m > MAX_CELLS) {
    push(parts, 'del', midA.join(''));
    push(parts, 'ins', midB.join(''));
  } else {
    // lcs[i * (m + 1) + j]: the longest common subsequence of midA[i..] and midB[j..].
    const width = m + 1;
    const lcs = new Uint32Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i * width + j] = midA[i] === midB[j] ? lcs[(i + 1) * width + j + 1] + 1 : Math.max(lcs[(i + 1) * width + j], lcs[i * width + j + 1]);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && midA[i] === midB[j]) {
        push(parts, 'same', midA[i]);
        i++;
        j++;
      } else if (i < n && (j === m || lcs[(i + 1) * width + j] >= lcs[i * width + j + 1])) {
        // Deletions first where both keep the longest match, so a replaced word reads "old new".
        push(parts, 'del', midA[i]);
        i++;
      } else {
        push(parts, 'ins', midB[j]);
        j++;
      }
    }
  }
  push(parts, 'same', a.slice(endA).join(''));
  return parts;
}
