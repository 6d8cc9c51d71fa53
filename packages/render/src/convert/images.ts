/** What the converter needs to know of an image's bytes. */
export interface ImageInfo {
  kind: 'png' | 'jpeg' | 'svg';
  /** Intrinsic size in pixels (PNG and JPEG). */
  width?: number;
  height?: number;
}

export function sniffImage(bytes: Uint8Array): ImageInfo | undefined {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    // A PNG cut before its header's size (a truncated data: URL) is no image, not a crash.
    if (bytes.length < 24) return undefined;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { kind: 'png', width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return { kind: 'jpeg', ...jpegSize(bytes) };
  const head = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return { kind: 'svg' };
  return undefined;
}

function jpegSize(bytes: Uint8Array): { width?: number; height?: number } {
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return {};
    const marker = bytes[i + 1] as number;
    const length = ((bytes[i + 2] as number) << 8) | (bytes[i + 3] as number);
    // Start-of-frame markers carry the size (C0-CF except C4, C8, CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return {
        height: ((bytes[i + 5] as number) << 8) | (bytes[i + 6] as number),
        width: ((bytes[i + 7] as number) << 8) | (bytes[i + 8] as number),
      };
    }
    i += 2 + length;
  }
  return {};
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

export function fromDataUrl(url: string): Uint8Array | undefined {
  const match = /^data:([^;,]*)(;base64)?,(.*)$/is.exec(url.trim());
  if (!match) return undefined;
  const payload = match[3] as string;
  if (match[2]) {
    const binary = atob(payload.replace(/\s/g, ''));
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  }
  return new TextEncoder().encode(decodeURIComponent(payload));
}
