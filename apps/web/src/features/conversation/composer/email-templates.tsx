import { useState } from 'react';
import { ActionIcon, Loader, Popover, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { useTRPC } from '../../../lib/trpc';
import { ClipboardIcon } from '../../../ui/icons';
import { QueryError } from '../../../ui/query-error';

const c = es.email.composer;

/** 03 §9: searches wait 500 ms after typing. */
const SEARCH_DEBOUNCE_MS = 500;

export interface EmailTemplate {
  subject: string;
  message: string;
}

/**
 * 'Plantillas de correo' beside the e-mail composer's files (03 §3 E-mail template, issue #38
 * item 4): the company's and the user's own e-mail templates, searched by title, subject or
 * text; picking one fills the mail.
 */
export function EmailTemplatesButton({ onPick }: { onPick: (template: EmailTemplate) => void }) {
  const trpc = useTRPC();
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const templates = useQuery({
    ...trpc.template.quickReplies.queryOptions({ search: search || undefined, kind: 'email' }),
    enabled: opened,
  });
  return (
    <Popover opened={opened} onChange={setOpened} position="top-start" width={320} trapFocus>
      <Popover.Target>
        <ActionIcon
          size={42}
          radius="xl"
          variant="default"
          aria-label={c.templates}
          title={c.templates}
          aria-expanded={opened}
          onClick={() => setOpened((open) => !open)}
        >
          <ClipboardIcon size={20} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <TextInput
          size="xs"
          aria-label={c.templatesSearch}
          placeholder={c.templatesSearch}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          data-autofocus
        />
        {templates.isError ? (
          <QueryError query={templates} />
        ) : templates.isPending ? (
          <Loader size="xs" m={6} aria-label={es.app.loading} />
        ) : templates.data.length === 0 ? (
          <Text size="sm" c="dimmed" p={6}>
            {c.noTemplates}
          </Text>
        ) : (
          <Stack gap={0} mt={6} mah={250} style={{ overflowY: 'auto' }} aria-label={c.templates}>
            {templates.data.map((template) => (
              <UnstyledButton
                key={template.id}
                px={8}
                py={4}
                onClick={() => {
                  onPick({ subject: template.subject, message: template.message });
                  setOpened(false);
                }}
              >
                <Text size="sm" fw={600}>
                  {template.title}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {template.subject}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
