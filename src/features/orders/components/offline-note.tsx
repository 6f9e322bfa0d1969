import dayjs from 'dayjs';

import { Alert } from '#src/components/alert.tsx';

/** Tells the buyer the data on screen is the copy kept on this device, and from when. */
export function OfflineNote({ isOnline, savedAt }: { isOnline: boolean; savedAt: number }) {
  if (isOnline || !savedAt) return null;
  return (
    <Alert variant="info" className="mb-3">
      Showing data saved on {dayjs(savedAt).format('DD/MM/YYYY HH:mm')}
    </Alert>
  );
}
