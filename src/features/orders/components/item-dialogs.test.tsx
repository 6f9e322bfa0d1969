import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MAX_UPLOAD_BYTES } from '#contract/constants.ts';
import { setOnline } from '#src/test-utils/api.ts';

import { ArticleLinkDialog, FeedbackDialog, TopicDialog } from './item-dialogs.tsx';

afterEach(() => vi.restoreAllMocks());

function bigFile(bytes: number, name = 'notes.pdf'): File {
  const file = new File(['x'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

/** Renders a dialog whose submit succeeds and records its calls. */
function renderDialog(dialog: (onSubmit: () => Promise<boolean>) => ReactElement) {
  const onSubmit = vi.fn(async () => true);
  const user = userEvent.setup();
  render(dialog(onSubmit));
  return { onSubmit, user };
}

const renderFeedbackDialog = (kind: 'topic' | 'content') =>
  renderDialog((onSubmit) => (
    <FeedbackDialog open kind={kind} itemNumber="100001-1" onClose={() => {}} onSubmit={onSubmit} />
  ));

describe('item dialogs', () => {
  it('refuses an empty topic and links the message to the field', async () => {
    const { onSubmit, user } = renderDialog((onSubmit) => (
      <TopicDialog open itemNumber="100001-3" initial="" onClose={() => {}} onSubmit={onSubmit} />
    ));
    await user.type(screen.getByLabelText('Topic'), '   ');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const field = screen.getByLabelText('Topic');
    expect(await screen.findByText('Write the topic.')).toHaveAttribute(
      'id',
      field.getAttribute('aria-describedby'),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(field, 'My own topic');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onSubmit).toHaveBeenCalledWith('My own topic');
  });

  it('requires an article link and normalises it like a target URL', async () => {
    const { onSubmit, user } = renderDialog((onSubmit) => (
      <ArticleLinkDialog
        open
        itemNumber="100001-3"
        initial=""
        onClose={() => {}}
        onSubmit={onSubmit}
      />
    ));
    expect(screen.getByRole('dialog', { name: 'Article for item 100001-3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This value should not be blank.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Article link'), '  docs.example.com/article ');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onSubmit).toHaveBeenCalledWith({ link: 'https://docs.example.com/article', file: null });
  });

  it('names the size of a file that is too large and does not send it', async () => {
    const { onSubmit, user } = renderFeedbackDialog('content');
    await user.type(screen.getByLabelText('Feedback'), 'Please rewrite the intro');
    const input = screen.getByLabelText('File (optional)');
    expect(input).toHaveAccessibleDescription('.doc, .docx, .txt or .pdf, at most 20 MB.');
    await user.upload(input, bigFile(25 * 1024 * 1024));
    const message = await screen.findByText(
      'The file is too large (25 MB). Allowed maximum size is 20 MB.',
    );
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.upload(input, bigFile(MAX_UPLOAD_BYTES + 1));
    expect(
      await screen.findByText(
        'The file is too large (20971521 bytes). Allowed maximum size is 20971520 bytes.',
      ),
    ).toBeInTheDocument();
  });

  it('refuses feedback without text', async () => {
    const { onSubmit, user } = renderFeedbackDialog('topic');
    expect(screen.queryByLabelText('File (optional)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Write your feedback.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says a file needs the connection while offline', async () => {
    setOnline(false);
    const { onSubmit, user } = renderFeedbackDialog('content');
    expect(screen.getByText(/A file needs the connection\./)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Feedback'), 'Shorter');
    await user.upload(
      screen.getByLabelText('File (optional)'),
      new File(['a'], 'a.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText(/Sending a file needs a connection/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
