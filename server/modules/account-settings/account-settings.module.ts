// The buyer's own details, e-mail and password changes: what the module offers and serves.
import { provide, serve, type ServerModule } from '#server/composition.ts';

import {
  accountSettingsRoutes,
  emailChangeConfirmationRoutes,
  passwordChangeRoutes,
} from './account-settings.routes.ts';
import {
  type AccountSettingsService,
  createAccountSettingsService,
} from './account-settings.service.ts';

declare module '#server/composition.ts' {
  interface Services {
    accountSettings: AccountSettingsService;
  }
}

export const accountSettingsModule: ServerModule = {
  name: 'account-settings',
  services: {
    accountSettings: provide(
      ['db', 'mail', 'now', 'loginThrottle', 'options'],
      ({ db, mail, now, loginThrottle, options }) =>
        createAccountSettingsService({
          db,
          mail,
          now,
          throttle: loginThrottle,
          publicUrl: options.publicUrl,
        }),
    ),
  },
  routes: [
    serve(
      'public',
      emailChangeConfirmationRoutes,
      provide(['accountSettings', 'tokens'], ({ accountSettings, tokens }) => ({
        settings: accountSettings,
        tokens,
      })),
    ),
    serve(
      'commonSignedIn',
      passwordChangeRoutes,
      provide(['accountSettings'], ({ accountSettings }) => ({ settings: accountSettings })),
    ),
    serve(
      'buyer',
      accountSettingsRoutes,
      provide(['accountSettings', 'profile'], ({ accountSettings, profile }) => ({
        settings: accountSettings,
        profile,
      })),
    ),
  ],
};
