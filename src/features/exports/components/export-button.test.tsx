import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '#src/test-utils/api.ts';

import { ExportButton } from './export-button.tsx';

const TASK_ID = '00000000-0000-4000-8000-0000000000f1';
const FILE_ID = '00000000-0000-4000-8000-0000000000f2';

function task(overrides: Record<string, unknown> = {}) {
  return {
    id: TASK_ID,
    status: 'pending',
    progress: 0,
    created_at: '2026-11-22T00:00:00Z',
    updated_at: '2026-11-22T00:00:00Z',
    errors: [],
    file: null,
    ...overrides,
  };
}

interface Seen {
  method: string;
  path: string;
  body: unknown;
  auth: string | null;
}

function mockFetch(answers: Record<string, (() => Response)[]>) {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      seen.push({
        method,
        path,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        auth: new Headers(init?.headers).get('Authorization'),
      });
      const queue = answers[`${method} ${path}`];
      const next = queue && (queue.length > 1 ? queue.shift()! : queue[0]!);
      return next ? next() : jsonResponse({ code: 404, message: 'Not found' }, 404);
    }),
  );
  return seen;
}

const request = async () => ({
  filter: { ahrefs_domain_rating: { min: '20' } },
  sorting: { price: 'ASC' },
});

let clicked: string[] = [];

beforeEach(() => {
  clicked = [];
  localStorage.setItem('access_token', 'token-1');
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(this.download);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('export', () => {
  it('creates a task, shows its progress, polls until done and downloads the file', async () => {
    const seen = mockFetch({
      'POST /api/v1/buyer/sites/exports/tasks': [() => jsonResponse(task(), 201)],
      [`GET /api/v1/buyer/sites/exports/tasks/${TASK_ID}`]: [
        () => jsonResponse(task({ status: 'processing', progress: 40 })),
        () =>
          jsonResponse(
            task({
              status: 'completed',
              progress: 100,
              file: { id: FILE_ID, path: `/api/v1/files/${FILE_ID}/download` },
            }),
          ),
      ],
      [`GET /api/v1/files/${FILE_ID}/download`]: [() => new Response('hostname\nexample.com\n')],
    });
    render(<ExportButton getRequest={request} pollIntervalMs={30} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const bar = await screen.findByRole('progressbar', { name: 'Export progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    await waitFor(() => expect(clicked).toEqual(['sites.csv']));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(seen[0]).toMatchObject({
      method: 'POST',
      body: { filter: { ahrefs_domain_rating: { min: '20' } }, sorting: { price: 'ASC' } },
    });
    expect(seen.at(-1)).toMatchObject({
      path: `/api/v1/files/${FILE_ID}/download`,
      auth: 'Bearer token-1',
    });
  });

  it('offers to export only the ticked rows, and sends exactly their ids', async () => {
    const ids = ['00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-0000000000a1'];
    const seen = mockFetch({
      'POST /api/v1/buyer/sites/exports/tasks': [
        () =>
          jsonResponse(
            task({
              status: 'completed',
              progress: 100,
              file: { id: FILE_ID, path: `/api/v1/files/${FILE_ID}/download` },
            }),
            201,
          ),
      ],
      [`GET /api/v1/files/${FILE_ID}/download`]: [() => new Response('Domain\r\n')],
    });
    const { rerender } = render(<ExportButton getRequest={request} pollIntervalMs={10} />);
    expect(screen.queryByRole('button', { name: /Export selected/ })).not.toBeInTheDocument();
    rerender(<ExportButton getRequest={request} pollIntervalMs={10} selectedIds={ids} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export selected (2)' }));
    await waitFor(() => expect(clicked).toEqual(['sites.csv']));
    expect(seen[0]).toMatchObject({
      method: 'POST',
      body: {
        filter: { ahrefs_domain_rating: { min: '20' } },
        sorting: { price: 'ASC' },
        ids,
      },
    });
    // The plain export still sends no ids.
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(seen.filter((call) => call.method === 'POST')).toHaveLength(2));
    expect(seen.filter((call) => call.method === 'POST')[1]?.body).not.toHaveProperty('ids');
  });

  it.each([
    ['no task id', { ...task(), id: undefined }, [], 'Task ID not returned'],
    [
      'a failed task',
      task(),
      [task({ status: 'failed', errors: ['disk full'] })],
      'The task failed with an error',
    ],
    [
      'a completed task without a file',
      task(),
      [task({ status: 'completed', progress: 100 })],
      'File path not found',
    ],
    ['an unknown status', task(), [task({ status: 'archived' })], 'Unknown status: archived'],
  ])('reports %s', async (_case, created, polled, message) => {
    mockFetch({
      'POST /api/v1/buyer/sites/exports/tasks': [() => jsonResponse(created, 201)],
      [`GET /api/v1/buyer/sites/exports/tasks/${TASK_ID}`]: polled.map(
        (t) => () => jsonResponse(t),
      ),
    });
    render(<ExportButton getRequest={request} pollIntervalMs={10} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(clicked).toEqual([]);
  });

  it('downloads the file by its id when the task gives no path', async () => {
    const seen = mockFetch({
      'POST /api/v1/buyer/sites/exports/tasks': [
        () =>
          jsonResponse(task({ status: 'completed', progress: 100, file: { id: FILE_ID } }), 201),
      ],
      // The files endpoint answers the file's bytes, never a description of the file.
      [`GET /api/v1/files/${FILE_ID}`]: [() => new Response('hostname\n')],
    });
    render(<ExportButton getRequest={request} pollIntervalMs={10} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(clicked).toEqual(['sites.csv']));
    expect(seen.filter((call) => call.method === 'GET').map((call) => call.path)).toEqual([
      `/api/v1/files/${FILE_ID}`,
    ]);
    expect(seen.at(-1)?.auth).toBe('Bearer token-1');
  });
});
