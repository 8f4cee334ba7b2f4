import { useCallback } from 'react';
import { Accordion, Paper } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { useTRPC } from '../../../lib/trpc';
import type { ContactDetail } from '../../contacts/contact-format';
import { useContactChanges } from '../timeline-context';
import { ActivitySection } from './activity-section';
import { FilesSection, MultimediaSection } from './attachments-section';
import { InteractionsSection } from './interactions-section';
import { SalesSection } from './sales-section';
import { StatisticsItem } from './statistics-section';
import { ShortcutsSection } from '../shortcuts';
import classes from './info-panel.module.css';

const t = es.conversation.infoPanel;

/**
 * The contact information side panel (03 §2.1), 315 px wide: accordion sections for shortcuts,
 * interactions, activity, multimedia, files, sales and the external system's statistics.
 * Whatever changes the contact's timeline refreshes the sections (a sale item, its sales).
 */
export function InfoPanel({
  contact,
  onSelectInteraction,
}: {
  contact: ContactDetail;
  /** A match of 'Interacciones' was chosen: the page scrolls the timeline to it. */
  onSelectInteraction?: (id: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const contactId = contact.id;
  // Only this contact's queries are on screen: refreshing the procedures is refreshing them.
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries(trpc.interaction.heatmap.pathFilter());
    void queryClient.invalidateQueries(trpc.interaction.files.pathFilter());
    void queryClient.invalidateQueries(trpc.interaction.search.pathFilter());
    void queryClient.invalidateQueries(trpc.receipt.list.pathFilter());
  }, [queryClient, trpc]);
  useContactChanges(refresh);

  return (
    <Paper withBorder radius="md" className={classes.panel} component="aside" aria-label={t.label}>
      <Accordion multiple defaultValue={['interactions', 'activity']} variant="default">
        <Accordion.Item value="shortcuts">
          <Accordion.Control>{t.shortcuts}</Accordion.Control>
          <Accordion.Panel>
            <ShortcutsSection />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="interactions">
          <Accordion.Control>{t.interactions}</Accordion.Control>
          <Accordion.Panel>
            <InteractionsSection contactId={contactId} onSelectInteraction={onSelectInteraction} />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="activity">
          <Accordion.Control>{t.activity}</Accordion.Control>
          <Accordion.Panel>
            <ActivitySection contactId={contactId} />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="multimedia">
          <Accordion.Control>{t.multimedia}</Accordion.Control>
          <Accordion.Panel>
            <MultimediaSection contactId={contactId} />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="files">
          <Accordion.Control>{t.files}</Accordion.Control>
          <Accordion.Panel>
            <FilesSection contactId={contactId} />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="sales">
          <Accordion.Control>{t.sales}</Accordion.Control>
          <Accordion.Panel>
            <SalesSection contactId={contactId} />
          </Accordion.Panel>
        </Accordion.Item>
        <StatisticsItem contactId={contactId} />
      </Accordion>
    </Paper>
  );
}
