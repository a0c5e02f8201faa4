// The activity export's CSV cells (decision 074): RFC 4180 quoting, and no cell a spreadsheet
// would run as a formula.
import { describe, expect, it } from 'vitest';
import { csvCell } from '@/lib/server/activity-log';

describe('csvCell', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    [12, '12'],
    ['plain text', 'plain text'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+2', "'=1+2"],
    ['+1', "'+1"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
    ['a=b', 'a=b'],
  ])('%j → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});
