// What a node breaks, shown on the node itself.
import type { Issue } from '../types';

export function IssueNote({ issues }: { issues: Issue[] }) {
  const text = issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message));
  return (
    <div className="sd-issue" role="note" title={text.join('\n')}>
      <span aria-hidden="true">⚠ </span>
      {text[0]}
      {text.length > 1 && ` (+${text.length - 1} more)`}
    </div>
  );
}
