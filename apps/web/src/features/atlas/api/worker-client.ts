/** A request to one of Atlas's workers carries an id; its reply carries the same id back. */
type Tagged = { requestId: number };
/** A request without its id, kept apart for each kind of a union. */
type Untagged<T> = T extends unknown ? Omit<T, 'requestId'> : never;

/**
 * Requests to a worker started on first use and kept for the page's lifetime. A worker that
 * fails fails what waits for it (with `failure()`); the next request starts another.
 */
export function workerClient<Request extends Tagged, Reply extends Tagged>(
  create: () => Worker,
  failure: () => Error,
) {
  let worker: Worker | null = null;
  let nextRequestId = 0;
  const pending = new Map<
    number,
    { resolve: (reply: Reply) => void; reject: (e: Error) => void }
  >();

  const running = (): Worker => {
    if (worker) return worker;
    const started = create();
    started.addEventListener('message', (event: MessageEvent<Reply>) => {
      pending.get(event.data.requestId)?.resolve(event.data);
      pending.delete(event.data.requestId);
    });
    started.addEventListener('error', () => {
      for (const { reject } of pending.values()) reject(failure());
      pending.clear();
      started.terminate();
      worker = null;
    });
    worker = started;
    return started;
  };

  /** Sends `message` (with a fresh id), moving `transfer`; resolves with the worker's reply. */
  const ask = (message: Untagged<Request>, transfer: Transferable[] = []) =>
    new Promise<Reply>((resolve, reject) => {
      const requestId = (nextRequestId += 1);
      pending.set(requestId, { resolve, reject });
      running().postMessage({ ...message, requestId }, transfer);
    });
  /** Starts the worker ahead of its first request, so that its code loads meanwhile. */
  const start = (): void => {
    running();
  };
  return Object.assign(ask, { start });
}
