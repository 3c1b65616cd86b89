import type { DomainEvent } from '@im/domain';

export interface SseFrame {
  event: string;
  id?: string;
  data: unknown;
}

/** Reads a server-sent-event stream in a test: collects frames and waits for the ones asked for. */
export async function openEventStream(baseUrl: string, token: string) {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/live/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  const frames: SseFrame[] = [];
  let ended = false;
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const w of waiters) w();
  };
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const frame: SseFrame = { event: 'message', data: undefined };
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) frame.event = line.slice(7);
              else if (line.startsWith('id: ')) frame.id = line.slice(4);
              else if (line.startsWith('data: ')) frame.data = JSON.parse(line.slice(6));
            }
            if (frame.data !== undefined) frames.push(frame);
            cut = buffer.indexOf('\n\n');
          }
          notify();
        }
      } catch {
        // aborted
      }
      ended = true;
      notify();
    })();
  }
  const domainEvents = () => frames.filter((f) => f.event === 'domain').map((f) => f.data as DomainEvent);
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    headers: res.headers,
    frames,
    domainEvents,
    get ended() {
      return ended;
    },
    /** Resolves once `check` holds, or rejects after `ms`. */
    until(check: () => boolean, ms = 10_000): Promise<void> {
      if (check()) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(onChange);
          reject(new Error(`stream condition not met in ${ms} ms; frames: ${JSON.stringify(frames)}`));
        }, ms);
        const onChange = () => {
          if (!check()) return;
          clearTimeout(timer);
          waiters.delete(onChange);
          resolve();
        };
        waiters.add(onChange);
      });
    },
    close: () => abort.abort(),
  };
}
