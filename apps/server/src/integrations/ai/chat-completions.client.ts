import { DomainError } from '@cartera/domain/errors';
import type { AiConfig } from '../../env';
import type { Logger } from '../../logger';
import { outboundStream } from '../../lib/outbound';

/**
 * An OpenAI-compatible chat-completions endpoint (POST {base}/chat/completions), streamed: the
 * request asks `stream: true` and the answer is server-sent events, each
 * `data: {"choices":[{"delta":{"content":"…"}}]}`, ending on `data: [DONE]`. Called through the
 * outbound-URL guard like every address the server did not serve itself. Any failure (refused
 * by the guard, no answer, an HTTP error, a stream cut short or unreadable) is AI_UNAVAILABLE:
 * the seller reads 'Error de conexión' (02 §8), the log keeps why.
 */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** How long a whole draft may take, head to last chunk. */
const DRAFT_TIMEOUT_MS = 60_000;
/** The longest stream read (a reply draft is a few hundred bytes of text in JSON events). */
const MAX_STREAM_BYTES = 512 * 1024;

export async function* streamChatCompletion(
  config: AiConfig,
  messages: ChatMessage[],
  options: { signal?: AbortSignal; logger: Logger; maxTokens: number },
): AsyncGenerator<string> {
  const fail = (reason: string, cause?: unknown) => {
    // The seller stopping the draft is no failure worth a warning.
    if (options.signal?.aborted) options.logger.debug({ reason }, 'AI draft stopped');
    else options.logger.warn({ reason, err: cause }, 'AI draft failed');
    return new DomainError('AI_UNAVAILABLE', undefined, { cause });
  };
  let answer;
  try {
    answer = await outboundStream(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        messages,
        stream: true,
        temperature: 0.4,
        max_tokens: options.maxTokens,
      }),
      timeoutMs: DRAFT_TIMEOUT_MS,
      maxBytes: MAX_STREAM_BYTES,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    throw fail('no answer', error);
  }
  if (!answer.ok) {
    // Read the error's text for the log, not for the seller.
    let text = '';
    try {
      for await (const chunk of answer.body) text += chunk.toString('utf8');
    } catch {
      // Whatever arrived is enough.
    }
    throw fail(`HTTP ${answer.status}: ${text.slice(0, 300)}`);
  }
  let buffered = '';
  let finished = false;
  try {
    for await (const chunk of answer.body) {
      buffered += chunk.toString('utf8');
      // Events are separated by a blank line; a field line starts with its name.
      let end: number;
      while ((end = buffered.search(/\r?\n\r?\n/)) !== -1) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end).replace(/^\r?\n\r?\n/, '');
        const data = block
          .split(/\r?\n/)
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).replace(/^ /, ''))
          .join('\n');
        if (!data) continue;
        if (data === '[DONE]') {
          finished = true;
          return;
        }
        const content = contentOf(data);
        if (content === null) throw fail(`unreadable event: ${data.slice(0, 200)}`);
        if (content) yield content;
      }
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw fail('stream broken', error);
  }
  if (!finished) throw fail('stream ended before [DONE]');
}

/** The text of one event (empty when it carries none); null when it is not the documented shape. */
function contentOf(data: string): string | null {
  let event: unknown;
  try {
    event = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof event !== 'object' || event === null) return null;
  const record = event as { choices?: unknown; error?: unknown };
  if (record.error) return null;
  if (!Array.isArray(record.choices)) return null;
  const first = record.choices[0] as { delta?: { content?: unknown } } | undefined;
  const content = first?.delta?.content;
  return typeof content === 'string' ? content : '';
}
