import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MAX_UPLOAD_BYTES } from '#contract/constants.ts';
import type { BuyerDomain, CompetitorGroup } from '#contract/domains.ts';
import { db } from '#src/lib/db.ts';
import { setOnline } from '#src/test-utils/api.ts';
import { DOMAIN_ID } from '#src/test-utils/factories.ts';
import { createTestQueryClient } from '#src/test-utils/render.tsx';
import { mockUploads, type UploadAnswer } from '#src/test-utils/xhr.ts';

import type { ImportTarget } from '../import-target.ts';
import { ImportActions } from './import-actions.tsx';
import { ImportUploadDialog, OFFLINE_UPLOAD_MESSAGE } from './import-upload-dialog.tsx';

const referents: ImportTarget = { kind: 'referents', domainId: DOMAIN_ID, hostname: 'shop.test' };
const GROUP_ID = '00000000-0000-4000-8000-00000000e001';
const competitors: ImportTarget = {
  kind: 'competitors',
  groupId: GROUP_ID,
  groupName: 'Shops',
  hostname: 'shop.test',
};

const uploadedDomain: BuyerDomain = {
  id: DOMAIN_ID,
  hostname: 'shop.test',
  referents_file: { id: 'file-1', file_name: 'links.csv' },
  import_status: { id: 'import-1', status: 'pending', errors: [] },
};

function renderDialog(target: ImportTarget = referents) {
  const onClose = vi.fn();
  const queryClient = createTestQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <ImportUploadDialog target={target} open onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose, queryClient };
}

const csv = (text: string, name = 'links.csv') => new File([text], name, { type: 'text/csv' });
const fileInput = () => screen.getByLabelText('Choose a CSV file or drop it here');
const uploadButton = (name = 'Upload referring domains') => screen.getByRole('button', { name });

/** The figure next to a label of the preview. */
function figure(label: string): string | null {
  return screen.getByText(label).nextElementSibling?.textContent ?? null;
}

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await db.trackedImports.clear();
});

describe('ImportUploadDialog', () => {
  it('opens on its file button, and names the chosen file once', async () => {
    renderDialog();
    const choose = screen.getByRole('button', { name: 'Choose file' });
    await waitFor(() => expect(choose).toHaveFocus());
    expect(screen.getByText('No file chosen yet.')).toBeInTheDocument();
    await userEvent.upload(fileInput(), csv('a.com', 'mine.csv'));
    expect(await screen.findByText('Domains found')).toBeInTheDocument();
    expect(screen.getAllByText('mine.csv')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Choose another file' })).toBeEnabled();
  });

  it('refuses a file over 20 MB with the spec message before reading it', async () => {
    renderDialog();
    const file = csv('a.com');
    Object.defineProperty(file, 'size', { value: MAX_UPLOAD_BYTES + 1 });
    const slice = vi.spyOn(file, 'slice');
    await userEvent.upload(fileInput(), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file is too large (20971521 bytes). Allowed maximum size is 20971520 bytes.',
    );
    expect(slice).not.toHaveBeenCalled();
    expect(uploadButton()).toBeDisabled();
  });

  it('shows the domains found, the duplicates and the first invalid rows with reasons', async () => {
    renderDialog();
    await userEvent.upload(
      fileInput(),
      csv('Referring domain\na.com\nwww.a.com\nhttps://b.com/x\n=1+1\n10.0.0.1\n'),
    );
    expect(await screen.findByText('Domains found')).toBeInTheDocument();
    expect(figure('Domains found')).toBe('2');
    expect(figure('Duplicates dropped')).toBe('1');
    expect(figure('Invalid rows')).toBe('2');
    const rows = within(screen.getByRole('list', { name: 'Invalid rows' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => row.textContent)).toEqual([
      'Line 5, column 1 “=1+1”: This is not a valid domain name, such as example.com.',
      'Line 6, column 1 “10.0.0.1”: Enter a domain name, not an IP address.',
    ]);
    expect(screen.getByText('Invalid rows, which will be skipped')).toBeInTheDocument();
    expect(uploadButton()).toBeEnabled();
  });

  it('lists why each row of a file without any domain was refused, without calling them skipped', async () => {
    renderDialog();
    await userEvent.upload(fileInput(), csv('=1+1\n10.0.0.1\n'));
    expect(await screen.findByText('Invalid rows, and why')).toBeInTheDocument();
    expect(screen.queryByText(/which will be skipped/)).not.toBeInTheDocument();
    expect(uploadButton()).toBeDisabled();
  });

  it('counts competitors and pairs of a competitor file', async () => {
    renderDialog(competitors);
    await userEvent.upload(fileInput(), csv('rival.com;a.com\nrival.com;b.com\nother.com;a.com\n'));
    expect(await screen.findByText('Competitors found')).toBeInTheDocument();
    expect(figure('Competitors found')).toBe('2');
    expect(figure('Competitor and referring domain pairs')).toBe('3');
  });

  it('uploads with a progress bar, tracks the import and closes', async () => {
    let answer: (value: UploadAnswer) => void = () => undefined;
    const uploads = mockUploads((call) => {
      call.progress(40, 100);
      return new Promise((resolve) => {
        answer = resolve;
      });
    });
    const { onClose } = renderDialog();
    await userEvent.upload(fileInput(), csv('a.com\nb.com\n'));
    await userEvent.click(await screen.findByRole('button', { name: 'Upload referring domains' }));

    const bar = await screen.findByRole('progressbar', { name: 'Uploading the file' });
    // The bar shows as the upload starts; the progress it reports reaches it in a later render.
    await vi.waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    const [call] = uploads.calls;
    expect(call?.method).toBe('PUT');
    expect(call?.url.pathname).toBe(`/api/v1/buyer/domains/${DOMAIN_ID}/referents`);
    expect((call?.body.get('file') as File).name).toBe('links.csv');

    answer({ status: 202, body: uploadedDomain });
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await db.trackedImports.toArray()).toEqual([
      expect.objectContaining({
        fileImportId: 'import-1',
        fileId: 'file-1',
        type: 'referents',
        status: 'pending',
      }),
    ]);
  });

  it('uploads a competitor file to its group', async () => {
    const group: CompetitorGroup = {
      id: GROUP_ID,
      name: 'Shops',
      buyer_domain: { id: DOMAIN_ID, hostname: 'shop.test' },
      competitors_file: { id: 'file-2', file_name: 'rivals.csv' },
      import_status: { id: 'import-2', status: 'pending', errors: [] },
      competitors: [],
    };
    const uploads = mockUploads(() => ({ status: 202, body: group }));
    const { onClose } = renderDialog(competitors);
    await userEvent.upload(fileInput(), csv('rival.com,a.com\n', 'rivals.csv'));
    await userEvent.click(await screen.findByRole('button', { name: 'Upload competitors' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(uploads.calls[0]?.url.pathname).toBe(
      `/api/v1/buyer/domains/competitor-groups/${GROUP_ID}/competitors`,
    );
    expect(await db.trackedImports.get('import-2')).toMatchObject({ type: 'competitors' });
  });

  it('shows the server refusal in the dialog and keeps the file for another try', async () => {
    mockUploads(() => ({
      status: 413,
      body: {
        code: 413,
        message: 'The file is too large (25 MB). Allowed maximum size is 20 MB.',
      },
    }));
    const { onClose } = renderDialog();
    await userEvent.upload(fileInput(), csv('a.com\n'));
    await userEvent.click(await screen.findByRole('button', { name: 'Upload referring domains' }));
    expect(await screen.findByText('The upload was refused')).toBeInTheDocument();
    expect(
      screen.getByText('The file is too large (25 MB). Allowed maximum size is 20 MB.'),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(uploadButton()).toBeEnabled();
    expect(await db.trackedImports.count()).toBe(0);
  });

  it('says plainly that uploading needs a connection, keeps the file and waits', async () => {
    setOnline(false);
    const uploads = mockUploads(() => ({ status: 202, body: uploadedDomain }));
    renderDialog();
    await userEvent.upload(fileInput(), csv('a.com\n'));
    expect(await screen.findByText('Domains found')).toBeInTheDocument();
    expect(screen.getByText(OFFLINE_UPLOAD_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('links.csv')).toBeInTheDocument();
    expect(uploadButton()).toBeDisabled();
    expect(uploads.calls).toHaveLength(0);
  });

  it('offers no upload for a file without a single domain', async () => {
    renderDialog();
    await userEvent.upload(fileInput(), csv('domain\nnot a domain\n'));
    expect(
      await screen.findByText('No domains were found in this file, so there is nothing to upload.'),
    ).toBeInTheDocument();
    expect(uploadButton()).toBeDisabled();
  });
});

describe('ImportActions', () => {
  function renderActions(
    status: BuyerDomain['import_status'],
    file = uploadedDomain.referents_file,
  ) {
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <ImportActions target={referents} file={file} status={status} />
      </QueryClientProvider>,
    );
  }

  it('offers an upload when nothing was uploaded and a replacement afterwards', async () => {
    renderActions(null, null);
    expect(screen.queryByText('No import')).not.toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Upload referring domains of shop.test' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Upload referring domains' })).toBeVisible();
  });

  it('lists each error with its violations, and shows unreadable errors as they are', async () => {
    const error = JSON.stringify({
      message: 'Some items were wrong and skipped',
      violations: [
        { path: 'line 3, column 1', message: 'Enter a domain name, not an IP address.' },
        { path: 'line 9, column 1', message: 'This is not a valid domain name.' },
      ],
    });
    renderActions({ id: 'import-1', status: 'success', errors: [error, 'Disk full'] });
    expect(screen.getByText('Partially imported, check errors')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Replace referring domains of shop.test' }),
    ).toBeVisible();
    await userEvent.click(
      screen.getByRole('button', { name: 'View errors of the referring domains of shop.test' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Import errors' });
    const items = within(within(dialog).getByRole('list', { name: 'Errors' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Some items were wrong and skippedline 3, column 1: Enter a domain name, not an IP address.line 9, column 1: This is not a valid domain name.',
      'line 3, column 1: Enter a domain name, not an IP address.',
      'line 9, column 1: This is not a valid domain name.',
      'Disk full',
    ]);
  });

  it('offers no error list when the import has none', () => {
    renderActions({ id: 'import-1', status: 'success', errors: [] });
    expect(screen.getByText('Imported')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /View errors/ })).toBeNull();
  });
});
