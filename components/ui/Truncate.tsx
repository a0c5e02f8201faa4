'use client';
// Text of any length in a fixed room (decision 056): one line (or `lines` lines) ending in an
// ellipsis, never wider than its container. The full text is its title (hover), and when it is
// cut the text takes the focus (Tab) and then shows whole, wrapped in place (app/globals.css
// `.truncate`). Screen readers always read the whole text. Links that truncate (`.cell-title`,
// `.truncate` on an <a>) need no tabindex: they take the focus anyway.
import { useEffect, useRef, useState, type ElementType } from 'react';

type Props = {
  text: string;
  className?: string;
  /** Lines shown before the ellipsis; default 1. */
  lines?: number;
  as?: ElementType;
};

/** Whether the element's text is cut (measured while it is not focused: focus shows it whole). */
function useCut<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [cut, setCut] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      if (document.activeElement === el) return;
      setCut(el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, cut };
}

export function Truncate({ text, className, lines = 1, as: Tag = 'span' }: Props) {
  const { ref, cut } = useCut<HTMLElement>();
  return (
    <Tag
      ref={ref}
      className={['truncate', className].filter(Boolean).join(' ')}
      style={lines > 1 ? { WebkitLineClamp: lines } : undefined}
      data-lines={lines > 1 ? lines : undefined}
      title={text}
      tabIndex={cut ? 0 : undefined}
    >
      {text}
    </Tag>
  );
}
