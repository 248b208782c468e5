const PACKET = 188;
const SYNC = 0x47;
const STREAM_TYPE_H264 = 0x1b;

/** The payload bytes of one MPEG-TS packet, or null for a packet without payload. */
function payloadOf(ts: Buffer, offset: number): { pid: number; start: boolean; payload: Buffer } | null {
  if (ts[offset] !== SYNC) return null;
  const b1 = ts[offset + 1]!;
  const b3 = ts[offset + 3]!;
  const pid = ((b1 & 0x1f) << 8) | ts[offset + 2]!;
  const adaptation = (b3 >> 4) & 0x3;
  let at = offset + 4;
  if (adaptation === 2 || adaptation === 0) return null;
  if (adaptation === 3) at += 1 + ts[at]!;
  if (at >= offset + PACKET) return null;
  return { pid, start: (b1 & 0x40) !== 0, payload: ts.subarray(at, offset + PACKET) };
}

/** The PID of the first H.264 stream, read from the PAT and PMT. */
function findVideoPid(ts: Buffer): number | null {
  let pmtPid: number | null = null;
  for (let offset = 0; offset + PACKET <= ts.length; offset += PACKET) {
    const packet = payloadOf(ts, offset);
    if (!packet || !packet.start) continue;
    const section = packet.payload.subarray(1 + packet.payload[0]!); // skip pointer_field
    if (packet.pid === 0 && pmtPid === null) {
      // PAT: programs start after an 8-byte header; each entry is 4 bytes.
      const sectionLength = ((section[1]! & 0x0f) << 8) | section[2]!;
      for (let i = 8; i + 4 <= 3 + sectionLength - 4; i += 4) {
        const program = (section[i]! << 8) | section[i + 1]!;
        if (program !== 0) {
          pmtPid = ((section[i + 2]! & 0x1f) << 8) | section[i + 3]!;
          break;
        }
      }
    } else if (pmtPid !== null && packet.pid === pmtPid) {
      const sectionLength = ((section[1]! & 0x0f) << 8) | section[2]!;
      const programInfoLength = ((section[10]! & 0x0f) << 8) | section[11]!;
      const end = 3 + sectionLength - 4;
      for (let i = 12 + programInfoLength; i + 5 <= end;) {
        const streamType = section[i]!;
        const pid = ((section[i + 1]! & 0x1f) << 8) | section[i + 2]!;
        if (streamType === STREAM_TYPE_H264) return pid;
        i += 5 + (((section[i + 3]! & 0x0f) << 8) | section[i + 4]!);
      }
      return null;
    }
  }
  return null;
}

/** The bytes of the first PES packet of a PID (its payload, PES header removed). */
function firstPes(ts: Buffer, pid: number): Buffer | null {
  const parts: Buffer[] = [];
  for (let offset = 0; offset + PACKET <= ts.length; offset += PACKET) {
    const packet = payloadOf(ts, offset);
    if (!packet || packet.pid !== pid) continue;
    if (packet.start && parts.length > 0) break;
    if (packet.start || parts.length > 0) parts.push(packet.payload);
  }
  if (parts.length === 0) return null;
  const pes = Buffer.concat(parts);
  if (pes[0] !== 0 || pes[1] !== 0 || pes[2] !== 1) return null;
  return pes.subarray(9 + pes[8]!);
}

/** profile_idc, constraint flags and level_idc of the first sequence parameter set in an Annex B stream. */
export function findSps(stream: Buffer): { profile: number; constraints: number; level: number } | null {
  for (let i = 0; i + 6 < stream.length; i++) {
    if (stream[i] === 0 && stream[i + 1] === 0 && stream[i + 2] === 1 && (stream[i + 3]! & 0x1f) === 7) {
      return { profile: stream[i + 4]!, constraints: stream[i + 5]!, level: stream[i + 6]! };
    }
  }
  return null;
}

const hex = (n: number) => n.toString(16).padStart(2, '0');

/**
 * The RFC 6381 codec string (`avc1.PPCCLL`) of the H.264 video in an MPEG-TS segment, read from its
 * sequence parameter set: the real profile, constraint flags and level the encoder chose.
 */
export function avcCodecFromTs(ts: Buffer): string | null {
  const pid = findVideoPid(ts);
  if (pid === null) return null;
  const es = firstPes(ts, pid);
  const sps = es && findSps(es);
  return sps ? `avc1.${hex(sps.profile)}${hex(sps.constraints)}${hex(sps.level)}` : null;
}

/** AAC-LC, the audio of every rendition. */
export const AAC_LC = 'mp4a.40.2';
