import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiPaths } from '@yuk/shared';
import i18n, { currentLanguage } from '../../../i18n';
import { openEventStream, type EventSourceMessage } from '../../../lib/event-stream';
import { publishNotification, publishWake } from '../../../lib/notification-events';
import { getSession, subscribeSession } from '../../../lib/session';
import { loadNotificationSchemas } from '../api/load-schemas';
import { insertNotification, setUnreadCount } from '../api/notification-cache';
import { notificationKeys } from '../../../lib/query-keys';

export const NOTIFICATION_STREAM_PATH = apiPaths.notifications.stream;

function parse(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/**
 * What the stream says, put where the screens read it. The schemas come with the first event (not with the
 * shell); every event waits for the same import, so they are applied in the order they came.
 */
function handleEvent(client: QueryClient, message: EventSourceMessage): void {
  loadNotificationSchemas().then(
    ({ notification, unreadCount }) => {
      if (message.event === 'unread') {
        const parsed = unreadCount.safeParse(parse(message.data));
        if (parsed.success) setUnreadCount(client, parsed.data.count);
        // the server wakes the stream for what else is new for me too (a message in a shipment's conversation)
        publishWake();
      } else if (message.event === 'notification') {
        const parsed = notification.safeParse(parse(message.data));
        if (!parsed.success) return;
        insertNotification(client, parsed.data, currentLanguage());
        publishNotification(parsed.data);
      }
    },
    () => {
      // the schemas could not be downloaded (offline): the next event tries again, the lists are read again
      // when the stream reconnects
    },
  );
}

interface Connection {
  client: QueryClient;
  users: number;
  close: () => void;
  closeTimer: ReturnType<typeof setTimeout> | undefined;
}

let connection: Connection | null = null;

/**
 * Opens the stream: `unread` events set the count, `notification` events add the item to the loaded lists
 * and tell the other screens. After a reconnect the lists are refetched (something may have come while the
 * line was down). Reconnects with a growing wait; a refused token ends the session (lib/event-stream).
 */
function follow(client: QueryClient): () => void {
  let opened = false;
  return openEventStream(NOTIFICATION_STREAM_PATH, {
    onEvent: (message) => handleEvent(client, message),
    onOpen: () => {
      if (opened) void client.invalidateQueries({ queryKey: notificationKeys.lists() });
      opened = true;
    },
  });
}

/** The stream for as long as the session lasts; a language change reopens it (texts come in the request's language). */
function open(client: QueryClient): () => void {
  let closeStream = follow(client);
  const onLanguage = () => {
    closeStream();
    closeStream = follow(client);
  };
  i18n.on('languageChanged', onLanguage);
  // logging out (or a session that could not be renewed) closes it at once
  const stopOnSignOut = subscribeSession(() => {
    if (getSession().status === 'signed-out') stop();
  });
  return () => {
    i18n.off('languageChanged', onLanguage);
    stopOnSignOut();
    closeStream();
  };
}

function stop(): void {
  if (!connection) return;
  clearTimeout(connection.closeTimer);
  connection.close();
  connection = null;
}

/**
 * One stream per session, shared by everything that needs it (the navigation's badge, the notifications
 * screen): the first user opens it, the last one to leave closes it. The close waits a moment, so a
 * component that remounts at once (a re-render, React's development double effects) keeps the same stream.
 */
export function retainNotificationStream(client: QueryClient): () => void {
  if (connection && connection.client !== client) stop();
  if (!connection) connection = { client, users: 0, close: open(client), closeTimer: undefined };
  const held = connection;
  clearTimeout(held.closeTimer);
  held.users += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.users -= 1;
    if (held.users > 0 || connection !== held) return;
    held.closeTimer = setTimeout(() => {
      if (connection === held && held.users === 0) stop();
    }, 0);
  };
}

/** Keeps the session's notification stream open while the calling component is shown (signed in only). */
export function useNotificationStream(): void {
  const client = useQueryClient();
  useEffect(() => {
    if (getSession().status !== 'signed-in') return;
    // opened in a task of its own: not in the one that draws the first screen, which it would make longer
    let release: (() => void) | undefined;
    const timer = setTimeout(() => (release = retainNotificationStream(client)), 0);
    return () => {
      clearTimeout(timer);
      release?.();
    };
  }, [client]);
}

/** Whether the stream is open now (for tests). */
export function isNotificationStreamOpen(): boolean {
  return connection !== null;
}
