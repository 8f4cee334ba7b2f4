import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Group, Loader, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { es, format } from '@cartera/domain/i18n';
import { dayjs } from '../../../lib/dates';
import { uploadFile, UploadError, type UploadedFile } from '../../../lib/upload-file';
import { MicrophoneIcon, StopIcon } from '../icons';
import { XIcon } from '../../../ui/icons';
import { toMp3 } from './mp3';

const c = es.conversation.composer;

/** The time now, in milliseconds (read in handlers and timers, never while rendering). */
const clock = () => Date.now();

type State = { step: 'idle' } | { step: 'recording'; startedAt: number } | { step: 'sending' };

/**
 * A voice note (02 §7, 03 §9): the microphone button records in the browser; 'Enviar nota de
 * voz' stops, converts the recording to mp3 at 44,100 Hz, uploads it through the signed-upload
 * flow and hands the stored file to `onSend`; 'Descartar' throws it away. A microphone the
 * browser refuses, or an upload that fails, is said in Spanish and nothing is sent.
 */
export function VoiceNoteButton({
  onSend,
  disabled,
}: {
  onSend: (file: UploadedFile) => Promise<void>;
  disabled?: boolean;
}) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const [now, setNow] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const keep = useRef(false);

  useEffect(() => {
    if (state.step !== 'recording') return;
    const timer = window.setInterval(() => setNow(clock()), 500);
    return () => window.clearInterval(timer);
  }, [state.step]);

  // Leaving the conversation mid-recording releases the microphone.
  useEffect(
    () => () => {
      keep.current = false;
      recorder.current?.stream.getTracks().forEach((track) => track.stop());
    },
    [],
  );

  const start = async () => {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      notifications.show({ color: 'red', message: c.voiceNoMicrophone });
      return;
    }
    chunks.current = [];
    const media = new MediaRecorder(stream);
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.current.push(event.data);
    };
    media.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      if (keep.current) void finish(new Blob(chunks.current, { type: media.mimeType }));
      else setState({ step: 'idle' });
    };
    recorder.current = media;
    media.start();
    const startedAt = clock();
    setNow(startedAt);
    setState({ step: 'recording', startedAt });
  };

  const stop = (send: boolean) => {
    keep.current = send;
    if (send) setState({ step: 'sending' });
    recorder.current?.stop();
  };

  const finish = async (recording: Blob) => {
    try {
      const file = await toMp3(recording, `nota-de-voz-${dayjs().format('YYYYMMDD-HHmmss')}.mp3`);
      const uploaded = await uploadFile(file, { via: 'channel' });
      await onSend(uploaded);
    } catch (error) {
      notifications.show({
        color: 'red',
        message: error instanceof UploadError ? error.message : c.voiceFailed,
      });
    } finally {
      setState({ step: 'idle' });
    }
  };

  if (state.step === 'sending') {
    return <Loader size="sm" aria-label={c.voiceSending} />;
  }
  if (state.step === 'recording') {
    const seconds = Math.max(0, Math.floor((now - state.startedAt) / 1_000));
    const time = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
    return (
      <Group gap={4} wrap="nowrap" data-testid="voice-recording">
        <ActionIcon
          size={42}
          radius="xl"
          variant="subtle"
          color="gray"
          aria-label={c.voiceCancel}
          title={c.voiceCancel}
          onClick={() => stop(false)}
        >
          <XIcon size={18} />
        </ActionIcon>
        <Text size="sm" c="red" fw={600} role="status" style={{ whiteSpace: 'nowrap' }}>
          {format(c.voiceRecording, { time })}
        </Text>
        <ActionIcon
          size={42}
          radius="xl"
          color="red"
          aria-label={c.voiceSend}
          title={c.voiceSend}
          onClick={() => stop(true)}
        >
          <StopIcon size={18} />
        </ActionIcon>
      </Group>
    );
  }
  return (
    <ActionIcon
      size={42}
      radius="xl"
      variant="default"
      aria-label={c.voiceRecord}
      title={c.voiceRecord}
      disabled={disabled}
      onClick={() => void start()}
    >
      <MicrophoneIcon size={20} />
    </ActionIcon>
  );
}
