import { open } from 'node:fs/promises';

/**
 * NeDB appends one JSON line per write and ends every append with a newline, so a crash mid-append leaves at most
 * one partial last line. NeDB would count it as corrupt and, in a small file, refuse to load (more than 10% of
 * the lines). Before loading we cut such a line off (it was never acknowledged as written), or end it with the
 * missing newline when it is complete JSON.
 */
export async function repairTornTail(file: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r+');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    if (size === 0) return;
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    if (last[0] === 0x0a) return;

    // Read backwards to the last newline; the bytes after it are the partial line.
    const parts: Buffer[] = [];
    let end = size;
    let lineStart = 0;
    while (end > 0) {
      const start = Math.max(0, end - 64 * 1024);
      const chunk = Buffer.alloc(end - start);
      await handle.read(chunk, 0, chunk.length, start);
      const newline = chunk.lastIndexOf(0x0a);
      if (newline >= 0) {
        parts.unshift(chunk.subarray(newline + 1));
        lineStart = start + newline + 1;
        break;
      }
      parts.unshift(chunk);
      end = start;
    }
    if (isJson(Buffer.concat(parts).toString('utf8'))) {
      await handle.write('\n', size);
    } else {
      await handle.truncate(lineStart);
      process.emitWarning(`Dropped a partly written last line (${size - lineStart} bytes) from ${file}`, {
        code: 'QUIRE_STORE_TORN_WRITE',
      });
    }
  } finally {
    await handle.close();
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
