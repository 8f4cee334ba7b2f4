import { Mp3Encoder } from '@breezystack/lamejs';

/** 03 §9: voice notes go as mp3 at 44,100 Hz (mono, 64 kbps: speech). */
export const VOICE_SAMPLE_RATE = 44_100;
const KBPS = 64;
/** lamejs encodes in frames of 1,152 samples. */
const FRAME = 1_152;

/**
 * A recording (whatever the browser's MediaRecorder made: webm/opus, ogg…) as an mp3 file:
 * decoded by the browser, resampled to 44,100 Hz mono, encoded with lamejs.
 */
export async function toMp3(recording: Blob, name: string): Promise<File> {
  const decoder = new AudioContext();
  let decoded: AudioBuffer;
  try {
    decoded = await decoder.decodeAudioData(await recording.arrayBuffer());
  } finally {
    void decoder.close();
  }
  const length = Math.max(1, Math.ceil(decoded.duration * VOICE_SAMPLE_RATE));
  const offline = new OfflineAudioContext(1, length, VOICE_SAMPLE_RATE);
  const source = offline.createBufferSource();
  source.buffer = decoded;
  source.connect(offline.destination);
  source.start();
  const samples = (await offline.startRendering()).getChannelData(0);

  const pcm = new Int16Array(samples.length);
  for (let index = 0; index < samples.length; index += 1) {
    const value = Math.max(-1, Math.min(1, samples[index]!));
    pcm[index] = value < 0 ? value * 0x8000 : value * 0x7fff;
  }
  const encoder = new Mp3Encoder(1, VOICE_SAMPLE_RATE, KBPS);
  const parts: Uint8Array[] = [];
  for (let at = 0; at < pcm.length; at += FRAME) {
    const frame = encoder.encodeBuffer(pcm.subarray(at, at + FRAME));
    if (frame.length) parts.push(frame);
  }
  const tail = encoder.flush();
  if (tail.length) parts.push(tail);
  return new File(parts as BlobPart[], name, { type: 'audio/mpeg' });
}
