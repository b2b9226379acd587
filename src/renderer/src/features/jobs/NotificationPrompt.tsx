import { useState } from 'react';
import { useTasks } from '../../stores/tasks.js';

const ASKED_KEY = 'dubdesk.notificationsAsked';

/** Asks once, after the first task exists, whether to notify when tasks finish; never on load, never twice. */
export function NotificationPrompt() {
  const hasTasks = useTasks((s) => s.tasks.length > 0);
  const [answered, setAnswered] = useState(
    () =>
      typeof Notification === 'undefined' ||
      Notification.permission !== 'default' ||
      localStorage.getItem(ASKED_KEY) === '1',
  );
  if (answered || !hasTasks) return null;
  const close = () => {
    localStorage.setItem(ASKED_KEY, '1');
    setAnswered(true);
  };
  return (
    <div className="banner" role="region" aria-label="Notifications">
      <p>Get a notification when a task finishes, even while this window is in the background?</p>
      <button type="button" onClick={() => void Notification.requestPermission().finally(close)}>
        Turn on
      </button>
      <button type="button" className="secondary" onClick={close}>
        Not now
      </button>
    </div>
  );
}
