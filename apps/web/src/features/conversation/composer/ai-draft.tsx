import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { useTRPC } from '../../../lib/trpc';
import { SparklesIcon } from '../../../ui/icons';
import { StopIcon } from '../icons';

const t = es.ai;

/*
 * 'Sugerir respuesta' (issue #44 item 3; 02 §7 GET /crm/contact/{id}/aitools/message): the
 * server streams a draft of the next reply as server-sent events, read here with fetch (the
 * session cookie goes with it; EventSource would reconnect by itself). The draft takes the text
 * box's place as it arrives and is never sent: the seller edits it and sends it as any other
 * text. The button turns into 'Detener' while it writes, and Escape stops it too; what arrived
 * stays. A failure says 'Error de conexión' (02 §8), a refusal the server's own text (the
 * company's monthly limit, say). Offered only when the flag is on and the server has a model
 * (ai.status).
 */
export type AiDraftState =
  { kind: 'idle' } | { kind: 'writing' } | { kind: 'failed'; message: string };

/** A failure the server explained: its Spanish text. */
class DraftRefused extends Error {}

/** The events of a server-sent event stream, as they complete: name and JSON data. */
async function* serverEvents(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffered += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffered.indexOf('\n\n')) !== -1) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7) ?? 'message';
      const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
      if (data) yield { event, data: JSON.parse(data) as Record<string, unknown> };
    }
  }
}

export function useAiDraft(contactId: string, setText: (text: string) => void) {
  const trpc = useTRPC();
  const status = useQuery({ ...trpc.ai.status.queryOptions(), staleTime: 5 * 60_000 });
  const [state, setState] = useState<AiDraftState>({ kind: 'idle' });
  const running = useRef<AbortController | null>(null);

  const stop = () => {
    running.current?.abort();
    running.current = null;
    setState((now) => (now.kind === 'writing' ? { kind: 'idle' } : now));
  };

  const start = async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ kind: 'writing' });
    let text = '';
    try {
      const response = await fetch(`/api/crm/contact/${contactId}/aitools/message`, {
        credentials: 'same-origin',
        headers: { accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => null)) as {
          code?: string;
          message?: string;
        } | null;
        throw new DraftRefused(
          body?.message && body.code !== 'AI_UNAVAILABLE' ? body.message : t.failed,
        );
      }
      setText('');
      for await (const { event, data } of serverEvents(response.body)) {
        if (event === 'message' && typeof data.text === 'string') {
          text += data.text;
          setText(text.trimStart());
        } else if (event === 'done') {
          setText(typeof data.draft === 'string' ? data.draft : text.trim());
          if (running.current === controller) {
            running.current = null;
            setState({ kind: 'idle' });
          }
          return;
        } else if (event === 'error') {
          throw new DraftRefused(t.failed);
        }
      }
      // The stream ended without 'done': cut short.
      throw new DraftRefused(t.failed);
    } catch (error) {
      if (controller.signal.aborted) return;
      running.current = null;
      setState({
        kind: 'failed',
        message: error instanceof DraftRefused ? error.message : t.failed,
      });
    }
  };

  // Escape stops the draft wherever the focus is (the text box is read-only meanwhile).
  const writing = state.kind === 'writing';
  useEffect(() => {
    if (!writing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      running.current?.abort();
      running.current = null;
      setState({ kind: 'idle' });
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [writing]);
  // Leaving the contact stops its draft.
  useEffect(() => () => running.current?.abort(), []);

  return {
    offered: status.data?.available === true,
    state,
    writing,
    start: () => void start(),
    stop,
    dismiss: () => setState({ kind: 'idle' }),
  };
}

export type AiDraft = ReturnType<typeof useAiDraft>;

/** The composer's 'Sugerir respuesta' button; 'Detener' while the draft is being written. */
export function AiDraftButton({ draft }: { draft: AiDraft }) {
  if (!draft.offered) return null;
  return draft.writing ? (
    <ActionIcon
      size={42}
      radius="xl"
      variant="light"
      color="red"
      aria-label={t.stop}
      title={t.stop}
      onClick={draft.stop}
    >
      <StopIcon size={20} />
    </ActionIcon>
  ) : (
    <ActionIcon
      size={42}
      radius="xl"
      variant="default"
      aria-label={t.suggest}
      title={t.suggest}
      onClick={draft.start}
    >
      <SparklesIcon size={20} />
    </ActionIcon>
  );
}

/** Above the text box: the draft being written, or why it failed. */
export function AiDraftNotice({ draft }: { draft: AiDraft }) {
  if (draft.state.kind === 'writing') {
    return (
      <Alert
        variant="light"
        color="violet"
        py={6}
        mb="xs"
        icon={<Loader size={14} color="violet" />}
        role="status"
        data-testid="ai-draft-writing"
      >
        {t.writing} {t.draftHint}
      </Alert>
    );
  }
  if (draft.state.kind === 'failed') {
    return (
      <Alert
        variant="light"
        color="red"
        py={6}
        mb="xs"
        role="alert"
        withCloseButton
        onClose={draft.dismiss}
        data-testid="ai-draft-error"
      >
        {draft.state.message}
      </Alert>
    );
  }
  return null;
}
