'use client';
// A small code editor: a monospace textarea with line numbers. Tab indents (two spaces, or the
// selected lines); Shift+Tab, or Escape then Tab, leaves the editor, so the keyboard never gets stuck.
import { useLayoutEffect, useRef, type KeyboardEvent, type Ref } from 'react';
import type { FieldAria } from '@/components/ui/form/Field';
import { setRef } from '@/components/ui/SearchableSelect';
import './tools.css';

type Props = FieldAria & {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  rows?: number;
  ref?: Ref<HTMLTextAreaElement>;
};

const INDENT = '  ';

export function CodeEditor({ value, onChange, onBlur, rows = 14, ref, ...aria }: Props) {
  const area = useRef<HTMLTextAreaElement>(null);
  const gutter = useRef<HTMLPreElement>(null);
  const escaped = useRef(false);
  const selection = useRef<[number, number] | null>(null);
  const lines = value.split('\n').length;

  useLayoutEffect(() => {
    if (selection.current && area.current) {
      area.current.setSelectionRange(...selection.current);
      selection.current = null;
    }
  });

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') {
      escaped.current = true;
      return;
    }
    if (e.key !== 'Tab' || e.shiftKey || e.altKey || e.ctrlKey || e.metaKey || escaped.current) {
      escaped.current = false;
      return;
    }
    e.preventDefault();
    const { selectionStart: start, selectionEnd: end } = e.currentTarget;
    if (start === end) {
      onChange(value.slice(0, start) + INDENT + value.slice(end));
      selection.current = [start + INDENT.length, start + INDENT.length];
    } else {
      // Indent every selected line.
      const lineStart = value.lastIndexOf('\n', start - 1) + 1;
      const block = value.slice(lineStart, end);
      const indented = block.replace(/^/gm, INDENT);
      onChange(value.slice(0, lineStart) + indented + value.slice(end));
      selection.current = [start + INDENT.length, end + (indented.length - block.length)];
    }
  };

  return (
    <div className="code-editor" data-invalid={aria['aria-invalid'] ? 'true' : undefined}>
      <pre className="code-gutter" aria-hidden="true" ref={gutter}>
        {Array.from({ length: lines }, (_, i) => i + 1).join('\n')}
      </pre>
      <textarea
        {...aria}
        ref={(element) => {
          area.current = element;
          setRef(ref, element);
        }}
        className="code-area"
        rows={rows}
        value={value}
        wrap="off"
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        autoCorrect="off"
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          escaped.current = false;
          onBlur?.();
        }}
        onScroll={(e) => {
          if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
        }}
      />
    </div>
  );
}
