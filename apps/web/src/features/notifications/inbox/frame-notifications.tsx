import { useEffect } from 'react';
import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { NotificationCard } from './notification-card';
import type { FrameNotifications } from './use-notifications';

/** The notice's width at a desk: clear of the conversation's composer, over its side panel. */
const NOTICE_WIDTH = 300;
/** Above the shell (menu and header, 100), below dialogs (200) and menus: never over a dialog. */
const NOTICE_Z_INDEX = 150;
const NOTICE_MARGIN = 16;

/**
 * The banner (01 §2): the newest banner not yet opened or closed, at the top of the screen's
 * content, pushing the page down (docs/decisions.md 'Notifications (issue #41, web)').
 */
export function NotificationBanner({ frame }: { frame: FrameNotifications }) {
  const { banner } = frame;
  if (!banner) return null;
  return (
    <Box mb="md">
      <NotificationCard
        key={banner.id}
        notification={banner}
        layout="banner"
        onOpen={() => frame.open(banner.id)}
        onClose={() => frame.close(banner.id)}
      />
    </Box>
  );
}

/**
 * The bottom-right notice (01 §2): the newest not yet opened or closed. At a desk it stands in
 * the bottom-right corner, under any dialog, and the page keeps its height of room below its end
 * so nothing there stays covered; on a phone (`inline`) it stands below the banner at the top of
 * the content, where it covers nothing.
 */
export function NotificationNotice({
  frame,
  inline,
}: {
  frame: FrameNotifications;
  inline: boolean;
}) {
  const { notice, setNoticeHeight } = frame;
  const { ref, height } = useElementSize();
  useEffect(() => {
    setNoticeHeight(inline ? 0 : height);
  }, [height, inline, setNoticeHeight]);
  if (!notice) return null;
  const card = (
    <NotificationCard
      key={notice.id}
      notification={notice}
      layout="right-bottom-notification"
      onOpen={() => frame.open(notice.id)}
      onClose={() => frame.close(notice.id)}
    />
  );
  if (inline) return <Box mb="md">{card}</Box>;
  return (
    <Box
      ref={ref}
      pos="fixed"
      right={NOTICE_MARGIN}
      bottom={NOTICE_MARGIN}
      w={NOTICE_WIDTH}
      style={{ zIndex: NOTICE_Z_INDEX }}
    >
      {card}
    </Box>
  );
}

/** The room a page keeps below its end while the bottom-right notice stands over it. */
export function noticeRoom(frame: FrameNotifications): number | undefined {
  return frame.noticeHeight > 0 ? frame.noticeHeight + NOTICE_MARGIN * 2 : undefined;
}
