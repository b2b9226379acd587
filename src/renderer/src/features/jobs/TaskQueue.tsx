import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useScrollViewport } from '../../lib/useScrollViewport.js';
import type { ApiClient } from '../../api/client.js';
import { kindTitle, useKinds } from '../../stores/kinds.js';
import { useTasks } from '../../stores/tasks.js';
import { useView } from '../../stores/view.js';
import { filterTasks, NO_FILTER, STATUS_FILTERS, type StatusFilter, type TaskFilter } from './task-filter.js';
import { TaskRow } from './TaskRow.js';
import { scrollToReveal, visibleRows } from './virtual-window.js';

/** Every row has this height (CSS .task), so the window is computed without measuring rows. */
export const ROW_HEIGHT = 104;

export function TaskQueue({ client }: { client: ApiClient }) {
  const tasks = useTasks((s) => s.tasks);
  const loadingMore = useTasks((s) => s.loadingMore);
  const show = useView((s) => s.show);
  const [filter, setFilter] = useState<TaskFilter>(NO_FILTER);
  const kinds = useKinds((s) => s.kinds);
  const deferredFilter = useDeferredValue(filter);
  const visible = useMemo(() => filterTasks(tasks, deferredFilter, kinds), [tasks, deferredFilter, kinds]);
  const { scroller, viewport, measure, onScroll } = useScrollViewport(600);
  const pendingFocus = useRef<number | undefined>(undefined);

  const range = visibleRows({
    scrollTop: viewport.scrollTop,
    viewportHeight: viewport.height,
    rowHeight: ROW_HEIGHT,
    count: visible.length,
  });
  const onOpen = useCallback((taskId: string) => show({ name: 'task', taskId }), [show]);

  // After an arrow key scrolled a new row into the window, focus it once it is rendered.
  useEffect(() => {
    const index = pendingFocus.current;
    if (index === undefined) return;
    const button = scroller.current?.querySelector<HTMLButtonElement>(`li[data-index="${index}"] .task-open`);
    if (button) {
      pendingFocus.current = undefined;
      button.focus();
    }
  });

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const row = (event.target as HTMLElement).closest<HTMLElement>('li[data-index]');
    if (!row || !['ArrowDown', 'ArrowUp', 'Home', 'End', 'PageDown', 'PageUp'].includes(event.key)) return;
    event.preventDefault();
    const current = Number(row.dataset.index);
    const page = Math.max(1, Math.floor(viewport.height / ROW_HEIGHT) - 1);
    const next = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: visible.length - 1,
      PageDown: current + page,
      PageUp: current - page,
    }[event.key]!;
    const target = Math.min(visible.length - 1, Math.max(0, next));
    const element = scroller.current!;
    const top = scrollToReveal(target, {
      scrollTop: element.scrollTop,
      viewportHeight: element.clientHeight,
      rowHeight: ROW_HEIGHT,
    });
    if (top !== undefined) element.scrollTop = top;
    pendingFocus.current = target;
    measure();
  }

  const filtered = filter.status !== 'all' || filter.kind !== 'all' || filter.text.trim() !== '';
  return (
    <section className="queue" aria-labelledby="tasks-title">
      <div className="section-head">
        <h2 id="tasks-title">Tasks</h2>
        <div className="filters" role="group" aria-label="Filter tasks">
          <label>
            <span className="visually-hidden">Status</span>
            <select
              aria-label="Status"
              value={filter.status}
              onChange={(event) => setFilter({ ...filter, status: event.target.value as StatusFilter })}
            >
              {STATUS_FILTERS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span className="visually-hidden">Kind</span>
            <select
              aria-label="Kind"
              value={filter.kind}
              onChange={(event) => setFilter({ ...filter, kind: event.target.value })}
            >
              <option value="all">All kinds</option>
              {kinds.map((kind) => (
                <option key={kind.id} value={kind.id}>
                  {kindTitle(kinds, kind.id)}
                </option>
              ))}
            </select>
          </label>
          <input
            type="search"
            aria-label="Search tasks by file name or id"
            placeholder="Search"
            value={filter.text}
            onChange={(event) => setFilter({ ...filter, text: event.target.value })}
          />
        </div>
        <p className="muted count" aria-live="polite">
          {filtered ? `${visible.length} of ${tasks.length}` : `${tasks.length}`} task{tasks.length === 1 ? '' : 's'}
          {loadingMore ? ' (loading more…)' : ''}
        </p>
      </div>
      <div className="task-scroller" ref={scroller} onScroll={onScroll}>
        {tasks.length === 0 ? (
          <p className="empty">
            No tasks yet. Drop files anywhere in this window to start one; tasks started from the API or the command
            line show up here as they run.
          </p>
        ) : visible.length === 0 ? (
          <p className="empty">No tasks match these filters.</p>
        ) : (
          <ul className="tasks" aria-label="Tasks" onKeyDown={onKeyDown} style={{ height: `${range.total}px` }}>
            {visible.slice(range.start, range.end).map((task, i) => (
              <TaskRow
                key={task.task_id}
                client={client}
                task={task}
                index={range.start + i}
                count={visible.length}
                top={(range.start + i) * ROW_HEIGHT}
                onOpen={onOpen}
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
