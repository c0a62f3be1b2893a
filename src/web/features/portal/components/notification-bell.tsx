/** The header bell (PRODUCT.md 21): the investor's recent notifications; opening it marks them read. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { BellIcon } from '../../../components/ui/icons';
import { formatLocalDateTime } from '../../../lib/format-date-time';
import { fetchNotifications, markNotificationsRead, portalKeys } from '../api/portal-api';

export function NotificationBell() {
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const notifications = useQuery({ queryKey: portalKeys.notifications, queryFn: fetchNotifications });
  const markRead = useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.notifications }),
  });
  const unread = notifications.data?.unread_count ?? 0;

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [isOpen]);

  const toggle = () => {
    const opening = !isOpen;
    setOpen(opening);
    if (opening && unread > 0) markRead.mutate();
  };

  return (
    <div className="bell" ref={containerRef}>
      <button
        type="button"
        className="icon-button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={toggle}
      >
        <BellIcon />
        <span className="visually-hidden">
          {unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        </span>
        {unread > 0 ? (
          <span className="bell-count" aria-hidden="true">
            {unread > 9 ? '9+' : unread}
          </span>
        ) : null}
      </button>
      {isOpen ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable (axe scrollable-region-focusable)
        <section id={panelId} className="bell-panel" aria-label="Recent notifications" tabIndex={0}>
          <p className="bell-heading">Notifications</p>
          {notifications.isPending ? <p className="bell-empty">Loading...</p> : null}
          {notifications.isError ? (
            <p className="bell-empty text-danger">{notifications.error.message}</p>
          ) : null}
          {notifications.data && notifications.data.notifications.length === 0 ? (
            <p className="bell-empty">You have no notifications yet.</p>
          ) : null}
          {notifications.data && notifications.data.notifications.length > 0 ? (
            <ul className="bell-list">
              {notifications.data.notifications.map((notice) => (
                <li key={notice.id} className={notice.is_read ? 'bell-item' : 'bell-item is-unread'}>
                  <p className="bell-item-title">{notice.title}</p>
                  <p className="bell-item-body">{notice.body}</p>
                  <p className="bell-item-time">{formatLocalDateTime(notice.created_at)}</p>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
