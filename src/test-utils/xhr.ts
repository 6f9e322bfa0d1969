/** An XMLHttpRequest double for uploads: each request is recorded and answered by the handler. */
import { vi } from 'vitest';

export interface UploadCall {
  method: string;
  url: URL;
  headers: Headers;
  body: FormData;
  /** Reports upload progress to the page, as the browser does while sending. */
  progress: (loaded: number, total: number) => void;
}

export interface UploadAnswer {
  status: number;
  body?: unknown;
}

export function mockUploads(handler: (call: UploadCall) => UploadAnswer | Promise<UploadAnswer>) {
  const calls: UploadCall[] = [];

  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private readonly headers = new Headers();

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }

    getResponseHeader(name: string) {
      return name.toLowerCase() === 'content-type' ? 'application/json' : null;
    }

    abort() {
      this.onabort?.();
    }

    send(body: FormData) {
      const call: UploadCall = {
        method: this.method,
        url: new URL(this.url, 'http://localhost'),
        headers: this.headers,
        body,
        progress: (loaded, total) =>
          this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent),
      };
      calls.push(call);
      void Promise.resolve(handler(call)).then(
        (answer) => {
          this.status = answer.status;
          this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
          this.onload?.();
        },
        () => this.onerror?.(),
      );
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { calls };
}
