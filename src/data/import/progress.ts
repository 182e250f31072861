// One progress bar per bundle file on stderr. On a terminal the bar redraws in place; elsewhere (CI logs) only the
// finished line is written, so logs stay readable. Quiet mode writes nothing.

export interface Bar {
  update(done: number): void;
  finish(note: string): void;
}

export interface Progress {
  bar(label: string, total: number): Bar;
  line(text: string): void;
}

const WIDTH = 28;

export function createProgress(quiet: boolean, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (quiet) {
    const none: Bar = { update() {}, finish() {} };
    return { bar: () => none, line() {} };
  }
  const tty = Boolean(stream.isTTY);
  return {
    line(text: string) {
      stream.write(`${text}\n`);
    },
    bar(label: string, total: number): Bar {
      const started = Date.now();
      let lastDraw = 0;
      const draw = (done: number, note: string, final: boolean): void => {
        const ratio = total > 0 ? Math.min(1, done / total) : 1;
        const filled = Math.round(ratio * WIDTH);
        const secs = ((Date.now() - started) / 1000).toFixed(1);
        const text = `${label.padEnd(52)} [${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}% ${secs}s ${note}`;
        if (tty) stream.write(`\r${text}\x1b[K${final ? '\n' : ''}`);
        else if (final) stream.write(`${text}\n`);
      };
      return {
        update(done: number) {
          const now = Date.now();
          if (!tty || now - lastDraw < 100) return;
          lastDraw = now;
          draw(done, '', false);
        },
        finish(note: string) {
          draw(total, note, true);
        },
      };
    },
  };
}
