// Avatars of the demo sales and account managers, drawn here (a coloured disc with a simple
// silhouette) and stored like any upload, so the demo shows managers with pictures.
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';

import { systemClock } from '#server/clock.ts';
import { createJobRunner } from '#server/jobs/job-runner.ts';
import { createAvatarsService } from '#server/modules/avatars/avatars.service.ts';
import type { FileStore } from '#server/storage/file-store.ts';

import type { Database } from '../database.ts';
import { users } from '../schema/index.ts';
import { DEMO_EMAILS } from './demo-users.ts';

const PORTRAITS: Record<string, { background: string; figure: string }> = {
  [DEMO_EMAILS.salesManager]: { background: '#0f766e', figure: '#ccfbf1' },
  [DEMO_EMAILS.accountManager]: { background: '#7c2d12', figure: '#ffedd5' },
};

function portrait({ background, figure }: { background: string; figure: string }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <rect width="256" height="256" fill="${background}"/>
  <circle cx="128" cy="104" r="48" fill="${figure}"/>
  <ellipse cx="128" cy="236" rx="88" ry="72" fill="${figure}"/>
</svg>`;
}

export async function seedDemoAvatars(db: Database, files: FileStore): Promise<void> {
  // Only queues (the removal of a picture replaced): the server's worker runs the jobs.
  const jobs = createJobRunner({ db, now: systemClock, handlers: {} });
  const avatars = createAvatarsService({ db, files, jobs });
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, Object.keys(PORTRAITS)));
  for (const person of people) {
    const png = await sharp(Buffer.from(portrait(PORTRAITS[person.email]!)))
      .png()
      .toBuffer();
    await avatars.replace(person.id, png);
  }
}
