import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

export interface ScrollViewport {
  scrollTop: number;
  height: number;
}

/**
 * Where a virtualized list's scroller is scrolled and how tall it is, kept current on resize; `measure()` after a
 * scroll made in code, and `onScroll` for the scroller's own.
 */
export function useScrollViewport(initialHeight: number): {
  scroller: RefObject<HTMLDivElement | null>;
  viewport: ScrollViewport;
  measure(): void;
  onScroll(event: { currentTarget: HTMLDivElement }): void;
} {
  const scroller = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<ScrollViewport>({ scrollTop: 0, height: initialHeight });
  const measure = useCallback(() => {
    const element = scroller.current;
    if (element) setViewport({ scrollTop: element.scrollTop, height: element.clientHeight });
  }, []);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);
  const onScroll = useCallback(
    (event: { currentTarget: HTMLDivElement }) =>
      setViewport({ scrollTop: event.currentTarget.scrollTop, height: event.currentTarget.clientHeight }),
    [],
  );
  return { scroller, viewport, measure, onScroll };
}
