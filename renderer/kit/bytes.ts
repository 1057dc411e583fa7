/** Bytes as the API table carries them: base64 text, and the SHA-256 a part travels with. */

/** Bytes as base64, a slice at a time: String.fromCharCode takes its arguments on the stack. */
export function base64Of(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** The SHA-256 of bytes, lower-case hex (the browser's own digest). */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
