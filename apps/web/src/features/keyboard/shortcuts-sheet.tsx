import { Fragment } from 'react';
import { Kbd, Modal, Stack, Text, Title } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { chordKeys, SHORTCUTS, usesCommandKey, type ShortcutGroup } from './keys';
import classes from './keyboard.module.css';

const t = es.keyboard;

const GROUPS: { id: ShortcutGroup; title: string }[] = [
  { id: 'everywhere', title: t.groupEverywhere },
  { id: 'list', title: t.groupList },
  { id: 'chat', title: t.groupChat },
];

/** The keyboard shortcuts sheet ('?', issue #33 item 5): every shortcut of ./keys, by place. */
export function ShortcutsSheet({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const commandKey = typeof navigator !== 'undefined' && usesCommandKey(navigator.platform);
  return (
    <Modal opened={opened} onClose={onClose} title={t.sheetTitle} size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t.sheetIntro}
        </Text>
        {GROUPS.map((group) => (
          <section key={group.id} aria-label={group.title}>
            <Title order={2} fz="sm" mb={4}>
              {group.title}
            </Title>
            {SHORTCUTS.filter((shortcut) => shortcut.group === group.id).map((shortcut) => (
              <div key={shortcut.id} className={classes.sheetRow}>
                <Text size="sm">{shortcut.label}</Text>
                <span className={classes.sheetKeys}>
                  {shortcut.chords.map((chord, index) => (
                    <Fragment key={index}>
                      {index > 0 && (
                        <Text span size="xs" c="dimmed">
                          {t.or}
                        </Text>
                      )}
                      {chordKeys(chord, commandKey).map((key) => (
                        <Kbd key={key} size="sm">
                          {key}
                        </Kbd>
                      ))}
                    </Fragment>
                  ))}
                </span>
              </div>
            ))}
          </section>
        ))}
      </Stack>
    </Modal>
  );
}
