// The current account, company details and requests, and their review in a demo: what the
// module offers, handles and serves.
import { provide, serve, type ServerModule } from '#server/composition.ts';

import { companiesRoutes } from './companies.routes.ts';
import { type CompaniesService, createCompaniesService } from './companies.service.ts';
import {
  createDemoCompanyReviewJob,
  DEMO_COMPANY_REVIEW_JOB,
  demoCompanyReviewSchedule,
  demoCompanyRoutes,
} from './demo-company-reviewer.ts';

declare module '#server/composition.ts' {
  interface Services {
    companies: CompaniesService;
  }
}

export const companiesModule: ServerModule = {
  name: 'companies',
  services: {
    companies: provide(['db', 'now'], ({ db, now }) => createCompaniesService({ db, now })),
  },
  jobs: {
    [DEMO_COMPANY_REVIEW_JOB]: {
      handler: provide(['companies', 'options'], ({ companies, options }) =>
        createDemoCompanyReviewJob(companies, options.demo?.advanceSeconds ?? 0),
      ),
      schedule: provide(['options'], ({ options }) =>
        demoCompanyReviewSchedule(options.demo?.advanceSeconds ?? 0),
      ),
    },
  },
  routes: [
    serve(
      'buyer',
      companiesRoutes,
      provide(['companies'], ({ companies }) => ({ companies })),
    ),
    serve(
      'demo',
      demoCompanyRoutes,
      provide(['companies', 'options'], ({ companies, options }) => ({
        companies,
        jwtSecret: options.jwtSecret,
      })),
    ),
  ],
};
