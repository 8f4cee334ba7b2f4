import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import { MicrophoneIcon } from '../icons';
import {
  clockOf,
  FLAT_BAR,
  nextSpeed,
  readableHere,
  speedLabel,
  WAVEFORM_BARS,
  waveformPeaks,
} from './bubble-format';
import classes from './bubbles.module.css';

const t = es.conversation.timeline.chat;

const PlayIcon = () => (
  <svg width={16} height={16} viewBox="0 0 24 24" fill="currentColor" aria-hidden>
    <path d="M7 4v16l13 -8z" />
  </svg>
);
const PauseIcon = () => (
  <svg width={16} height={16} viewBox="0 0 24 24" fill="currentColor" aria-hidden>
    <path d="M6 5h4v14h-4z M14 5h4v14h-4z" />
  </svg>
);

/** The bars of a recording: read from its samples when the browser can fetch and decode it. */
function useWaveform(url: string): number[] {
  const [peaks, setPeaks] = useState<number[]>(() =>
    new Array<number>(WAVEFORM_BARS).fill(FLAT_BAR),
  );
  useEffect(() => {
    if (!readableHere(url, window.location.href)) return;
    const controller = new AbortController();
    let context: AudioContext | null = null;
    void (async () => {
      try {
        const response = await fetch(url, { signal: controller.signal, credentials: 'include' });
        if (!response.ok) return;
        const data = await response.arrayBuffer();
        context = new AudioContext();
        const decoded = await context.decodeAudioData(data);
        if (!controller.signal.aborted) setPeaks(waveformPeaks(decoded.getChannelData(0)));
      } catch {
        // Another host without CORS, an unknown codec: the flat bars stay.
      } finally {
        void context?.close();
      }
    })();
    return () => controller.abort();
  }, [url]);
  return peaks;
}

/**
 * A voice note or audio in a bubble (03 §3, §9): play and pause, the 55-bar waveform that fills
 * as it plays and moves the position when clicked (or with the arrow keys), the time, and the
 * speed button that cycles 1x, 1.5x and 2x. `listened`: the other side played it.
 */
export function AudioPlayer({
  url,
  name,
  listened,
}: {
  url: string;
  name: string;
  listened: boolean;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const peaks = useWaveform(url);
  const progress = duration > 0 ? position / duration : 0;

  useEffect(() => {
    if (audio.current) audio.current.playbackRate = speed;
  }, [speed]);

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };

  const seekTo = (fraction: number) => {
    const element = audio.current;
    if (!element || !Number.isFinite(element.duration)) return;
    element.currentTime = Math.min(1, Math.max(0, fraction)) * element.duration;
    setPosition(element.currentTime);
  };

  const onPointer = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    seekTo((event.clientX - box.left) / box.width);
  };

  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = duration > 0 ? 5 / duration : 0;
    if (event.key === 'ArrowRight') seekTo(progress + step);
    else if (event.key === 'ArrowLeft') seekTo(progress - step);
    else return;
    event.preventDefault();
  };

  return (
    <Group gap={8} wrap="nowrap" className={classes.audio} data-testid="chat-media">
      <audio
        ref={audio}
        src={url}
        preload="metadata"
        aria-label={name}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
        onDurationChange={(event) => setDuration(event.currentTarget.duration)}
      />
      <ActionIcon
        radius="xl"
        size="lg"
        variant="filled"
        aria-label={playing ? t.pause : t.play}
        title={playing ? t.pause : t.play}
        onClick={toggle}
      >
        {playing ? <PauseIcon /> : <PlayIcon />}
      </ActionIcon>
      <div className={classes.audioBody}>
        <div
          className={classes.waveform}
          role="slider"
          tabIndex={0}
          aria-label={t.seek}
          aria-valuemin={0}
          aria-valuemax={Math.round(duration)}
          aria-valuenow={Math.round(position)}
          aria-valuetext={`${clockOf(position)} / ${clockOf(duration)}`}
          onPointerDown={onPointer}
          onKeyDown={onKey}
          data-testid="waveform"
        >
          {peaks.map((peak, index) => (
            <span
              key={index}
              className={classes.bar}
              style={{ height: `${Math.round(peak * 100)}%` }}
              data-played={(index + 0.5) / peaks.length <= progress || undefined}
            />
          ))}
        </div>
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Text size="10px" c="dimmed" data-testid="audio-time">
            {clockOf(playing || position > 0 ? position : duration)}
          </Text>
          {listened && (
            <span
              className={classes.listened}
              title={t.listened}
              aria-label={t.listened}
              role="img"
            >
              <MicrophoneIcon size={12} />
            </span>
          )}
        </Group>
      </div>
      <Button
        size="compact-xs"
        variant="light"
        radius="xl"
        onClick={() => setSpeed(nextSpeed)}
        aria-label={format(t.speed, { speed: speedLabel(speed) })}
      >
        {speedLabel(speed)}
      </Button>
    </Group>
  );
}
